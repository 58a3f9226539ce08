import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { removeToast, useToastStore, type ToastType } from './toast-store.ts';

const styles: Record<ToastType, string> = {
  info: 'bg-slate-900 text-white',
  success: 'bg-emerald-800 text-white',
  warning: 'bg-amber-300 text-slate-950',
  error: 'bg-red-700 text-white',
};

const icons = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleAlert,
} as const;

/**
 * Toasts stand at the bottom, above the safe area, newest lowest: at the top they covered the
 * header and its back button for their whole lifetime. Only the toasts themselves take taps.
 */
export function ToastHost() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  return (
    <div
      aria-live="polite"
      data-testid="toast-host"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 px-4 pb-[calc(env(safe-area-inset-bottom)+1rem)]"
    >
      {toasts.map((toast) => {
        const Icon = icons[toast.type];
        return (
          <div
            key={toast.id}
            role={toast.type === 'error' ? 'alert' : 'status'}
            data-testid={`toast-${toast.type}`}
            className={cn(
              'toast-in pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-2xl py-2 pr-2 pl-4 shadow-lg',
              styles[toast.type],
            )}
          >
            <Icon size={20} aria-hidden="true" className="shrink-0" />
            <p className="flex-1 py-2 text-sm font-medium">{toast.message}</p>
            <button
              type="button"
              onClick={() => removeToast(toast.id)}
              aria-label={t('toast.close')}
              className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-black/10"
            >
              <X size={18} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
