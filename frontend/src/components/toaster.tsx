import * as RadixToast from '@radix-ui/react-toast';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import type { ToastEntry } from './toast';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

/** The Radix toast region and the one toast it shows; loaded with the first toast. */
export default function Toaster({
  toast,
  open,
  onOpenChange,
  outlet = null,
}: {
  toast: ToastEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A place in the page's flow (ToastOutlet) to show the toast in, instead of over the page. */
  outlet?: HTMLElement | null;
}) {
  const intl = useIntl();
  const viewport = (
    <RadixToast.Viewport
      className={`toast-viewport${outlet ? ' toast-viewport--inline' : ''}`}
      hotkey={['F8']}
      label={intl.formatMessage({ id: 'toast.viewport' }, { hotkey: 'F8' })}
    />
  );
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      swipeDirection="right"
      label={intl.formatMessage({ id: 'toast.label' })}
    >
      <RadixToast.Root
        key={toast.id}
        open={open}
        onOpenChange={onOpenChange}
        type={toast.variant === 'destructive' ? 'foreground' : 'background'}
        className={`toast${toast.variant === 'destructive' ? ' toast--destructive' : ''}`}
      >
        <RadixToast.Title className="toast__title">{toast.title}</RadixToast.Title>
        {toast.description && (
          <RadixToast.Description className="toast__description">
            {toast.description}
          </RadixToast.Description>
        )}
        <RadixToast.Close
          className="toast__close"
          aria-label={intl.formatMessage({ id: 'toast.close' })}
        >
          <span aria-hidden="true">×</span>
        </RadixToast.Close>
      </RadixToast.Root>
      {outlet ? createPortal(viewport, outlet) : viewport}
    </RadixToast.Provider>
  );
}
