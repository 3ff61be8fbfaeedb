import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { X } from 'lucide-react';
import { cn } from '@/web/lib/cn';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  durationMs?: number;
}

interface ToastState extends ToastInput {
  id: number;
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);

/** One toast visible at a time (the spec): a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((input: ToastInput) => {
    setToast({ ...input, id: Date.now() + Math.random() });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs ?? 5000);
    return () => clearTimeout(timer);
  }, [toast]);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:justify-end"
      >
        {toast ? (
          <div
            key={toast.id}
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
            data-testid="toast"
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg',
              toast.variant === 'destructive'
                ? 'border-red-200 bg-red-50 text-red-900'
                : toast.variant === 'success'
                  ? 'border-green-200 bg-green-50 text-green-900'
                  : 'border-line bg-white text-ink',
            )}
          >
            <div className="flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
            </div>
            <button
              type="button"
              aria-label="Dismiss notification"
              className="rounded p-1 hover:bg-black/5"
              onClick={() => setToast(null)}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
