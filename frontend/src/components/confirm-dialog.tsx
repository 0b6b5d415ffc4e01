import { useRef } from 'react';
import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';
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
  /** Choices that go with the action, shown between the description and the buttons. */
  children?: ReactNode;
}

/**
 * Asks before an action. Focus starts on Cancel, so Enter or a stray tap never confirms by
 * accident; Escape and the backdrop cancel.
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
  children,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  if (!open) return null;
  return (
    <ModalDialog
      role="alertdialog"
      heading={{ title, description, descriptionClassName: 'confirm-dialog__description' }}
      onClose={() => onOpenChange(false)}
      initialFocus={cancel}
      locked={pending}
    >
      {children}
      <div className="confirm-dialog__actions">
        <button
          ref={cancel}
          type="button"
          className="button button--ghost"
          onClick={() => onOpenChange(false)}
          disabled={pending}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`button ${destructive ? 'button--danger' : 'button--primary'}`}
          onClick={onConfirm}
          disabled={pending}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
