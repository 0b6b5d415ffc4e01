import { useEffect, useId, useRef } from 'react';
import type { AriaRole, ReactNode, RefObject } from 'react';
import { useLatest } from '../lib/use-latest';
import './modal-dialog.css';

export interface ModalDialogProps {
  /** Asked to close: Escape, a click on the backdrop, or a close button inside. */
  onClose: () => void;
  /** The dialog's title and what it is for, drawn first and naming it; or, drawn by the caller: */
  heading?: { title: ReactNode; description: ReactNode; descriptionClassName?: string };
  /** The id of the element that names the dialog, when it draws no `heading`. */
  labelledBy?: string;
  describedBy?: string;
  role?: Extract<AriaRole, 'dialog' | 'alertdialog'>;
  className?: string;
  /** Where focus goes on opening; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While true, Escape and the backdrop do nothing (an action is under way). */
  locked?: boolean;
  children: ReactNode;
}

/**
 * A modal on the browser's own <dialog>: the rest of the page is inert, focus stays inside, and
 * Escape closes it. Unlike a portal-and-scroll-lock dialog it needs no inline <style>, so it works
 * under the site's strict Content-Security-Policy. Render it only while it is open.
 */
export function ModalDialog({
  onClose,
  heading,
  labelledBy,
  describedBy,
  role = 'dialog',
  className,
  initialFocus,
  locked = false,
  children,
}: ModalDialogProps) {
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useLatest(onClose);
  const isLocked = useLatest(locked);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (element.open) element.close();
      // Back to the control that opened it; if that left the page (a deleted row), to the main
      // landmark, so keyboard and screen-reader users are not dropped at the top of the document.
      if (opener?.isConnected) opener.focus();
      else document.querySelector<HTMLElement>('main')?.focus();
    };
  }, [initialFocus]);

  return (
    <dialog
      ref={dialog}
      role={role}
      aria-modal="true"
      aria-labelledby={heading ? `${headingId}-title` : labelledBy}
      aria-describedby={heading ? `${headingId}-description` : describedBy}
      className={`modal-dialog${className ? ` ${className}` : ''}`}
      onCancel={(event) => {
        event.preventDefault();
        if (!isLocked.current) close.current();
      }}
      onClick={(event) => {
        // The dialog itself is hit only on its backdrop: its content fills an inner box.
        if (event.target === event.currentTarget && !isLocked.current) close.current();
      }}
    >
      <div className="modal-dialog__body">
        {heading && (
          <>
            <h2 id={`${headingId}-title`} className="dialog-title">
              {heading.title}
            </h2>
            <p id={`${headingId}-description`} className={heading.descriptionClassName ?? 'muted'}>
              {heading.description}
            </p>
          </>
        )}
        {children}
      </div>
    </dialog>
  );
}
