import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** An irreversible action: the confirm button is styled as danger. */
  destructive?: boolean;
  pending?: boolean;
}

/**
 * Asks before an action. Focus starts on Cancel, so Enter or a stray tap never confirms by
 * accident; Escape and the overlay cancel.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  destructive = false,
  pending = false,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content confirm-dialog"
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancel.current?.focus();
          }}
        >
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="confirm-dialog__description">
            {description}
          </Dialog.Description>
          <div className="confirm-dialog__actions">
            <Dialog.Close ref={cancel} className="button button--ghost" disabled={pending}>
              {cancelLabel}
            </Dialog.Close>
            <button
              type="button"
              className={`button ${destructive ? 'button--danger' : 'button--primary'}`}
              onClick={onConfirm}
              disabled={pending}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
