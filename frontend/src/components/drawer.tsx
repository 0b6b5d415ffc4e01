import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';
import './drawer.css';

/**
 * A side drawer: a modal dialog at the page's edge with its title, a close button (focused on
 * opening) and a line saying what it shows, then its content.
 */
export function Drawer({
  title,
  description,
  closeLabel,
  onClose,
  className,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  closeLabel: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      className={className ? `drawer ${className}` : 'drawer'}
      labelledBy={titleId}
      describedBy={descriptionId}
      onClose={onClose}
      initialFocus={closeButton}
    >
      <div className="drawer__head">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <button
          ref={closeButton}
          type="button"
          className="button button--small button--ghost"
          onClick={onClose}
        >
          {closeLabel}
        </button>
      </div>
      <p id={descriptionId} className="muted">
        {description}
      </p>
      {children}
    </ModalDialog>
  );
}
