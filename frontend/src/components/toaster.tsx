import * as RadixToast from '@radix-ui/react-toast';
import { useIntl } from 'react-intl';
import type { ToastEntry } from './toast';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

/** The Radix toast region and the one toast it shows; loaded with the first toast. */
export default function Toaster({
  toast,
  open,
  onOpenChange,
}: {
  toast: ToastEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
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
      <RadixToast.Viewport
        className="toast-viewport"
        hotkey={['F8']}
        label={intl.formatMessage({ id: 'toast.viewport' }, { hotkey: 'F8' })}
      />
    </RadixToast.Provider>
  );
}
