import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
/** A dismissed toast's content is kept this long, so its exit never cuts off a screen reader. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastEntry extends ToastInput {
  id: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** Radix toasts with one visible at a time: a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [current, setCurrent] = useState<ToastEntry | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(0);
  const removal = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((toast: ToastInput) => {
    clearTimeout(removal.current);
    nextId.current += 1;
    setCurrent({ ...toast, id: nextId.current });
    setOpen(true);
  }, []);

  const onOpenChange = useCallback((isOpen: boolean) => {
    setOpen(isOpen);
    if (!isOpen) {
      clearTimeout(removal.current);
      removal.current = setTimeout(() => setCurrent(null), TOAST_REMOVE_DELAY_MS);
    }
  }, []);

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider
        duration={TOAST_DURATION_MS}
        swipeThreshold={TOAST_SWIPE_THRESHOLD}
        swipeDirection="right"
        label={intl.formatMessage({ id: 'toast.label' })}
      >
        {children}
        {current && (
          <RadixToast.Root
            key={current.id}
            open={open}
            onOpenChange={onOpenChange}
            type={current.variant === 'destructive' ? 'foreground' : 'background'}
            className={`toast${current.variant === 'destructive' ? ' toast--destructive' : ''}`}
          >
            <RadixToast.Title className="toast__title">{current.title}</RadixToast.Title>
            {current.description && (
              <RadixToast.Description className="toast__description">
                {current.description}
              </RadixToast.Description>
            )}
            <RadixToast.Close
              className="toast__close"
              aria-label={intl.formatMessage({ id: 'toast.close' })}
            >
              <span aria-hidden="true">×</span>
            </RadixToast.Close>
          </RadixToast.Root>
        )}
        <RadixToast.Viewport
          className="toast-viewport"
          hotkey={['F8']}
          label={intl.formatMessage({ id: 'toast.viewport' }, { hotkey: 'F8' })}
        />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return show;
}
