import { Suspense, createContext, lazy, useCallback, useContext, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
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
/** Where a page that must never be covered wants its toasts: in its own flow (ToastOutlet). */
const OutletContext = createContext<(outlet: HTMLElement | null) => void>(() => undefined);

/**
 * A place in the page's own flow for the toasts, for a page where a toast laid over the screen
 * would cover a control (the door on a phone): while it is drawn, toasts appear here, pushing
 * nothing off the screen and covering nothing, still announced as every toast is.
 */
export function ToastOutlet({ className }: { className?: string }) {
  const register = useContext(OutletContext);
  return <div className={`toast-outlet${className ? ` ${className}` : ''}`} ref={register} />;
}

/** Toasts with one visible at a time: a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastEntry | null>(null);
  const [open, setOpen] = useState(false);
  const [outlet, setOutlet] = useState<HTMLElement | null>(null);
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
      <OutletContext.Provider value={setOutlet}>{children}</OutletContext.Provider>
      {current && (
        // Offline, the toast code may not load: the message is then shown plainly.
        <ErrorBoundary
          fallback={() =>
            open ? (
              outlet ? (
                createPortal(<PlainToast toast={current} inline />, outlet)
              ) : (
                <PlainToast toast={current} />
              )
            ) : null
          }
        >
          <Suspense fallback={null}>
            <Toaster toast={current} open={open} onOpenChange={onOpenChange} outlet={outlet} />
          </Suspense>
        </ErrorBoundary>
      )}
    </ToastContext.Provider>
  );
}

function PlainToast({ toast, inline = false }: { toast: ToastEntry; inline?: boolean }) {
  return (
    <div
      className={`toast-plain${toast.variant === 'destructive' ? ' toast-plain--destructive' : ''}${inline ? ' toast-plain--inline' : ''}`}
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
