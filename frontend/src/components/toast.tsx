import { Suspense, createContext, lazy, useCallback, useContext, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { withRetries } from '../lib/lazy-page';
import { ErrorBoundary } from './error-boundary';

/** A dismissed toast's content is kept this long, so its exit never cuts off a screen reader. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

// Radix's toast code loads with the first toast, which keeps it off the home route's first load.
const Toaster = lazy(() => withRetries(() => import('./toaster')));

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastEntry extends ToastInput {
  id: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** Toasts with one visible at a time: a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
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

  return (
    <ToastContext.Provider value={show}>
      {children}
      {current && (
        // Offline, the toast code may not load: the message is then shown plainly.
        <ErrorBoundary fallback={() => (open ? <PlainToast toast={current} /> : null)}>
          <Suspense fallback={null}>
            <Toaster toast={current} open={open} onOpenChange={onOpenChange} />
          </Suspense>
        </ErrorBoundary>
      )}
    </ToastContext.Provider>
  );
}

function PlainToast({ toast }: { toast: ToastEntry }) {
  return (
    <div
      className={`toast-plain${toast.variant === 'destructive' ? ' toast-plain--destructive' : ''}`}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
    >
      <p className="toast-plain__title">{toast.title}</p>
      {toast.description && <p>{toast.description}</p>}
    </div>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return show;
}
