import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';
import { useGoBack } from './useGoBack.ts';

export function Header({ title, back, dark }: { title: string; back: boolean; dark: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header
      className={cn(
        'sticky top-0 z-20 flex items-center gap-1 px-2 pt-[env(safe-area-inset-top)] backdrop-blur',
        dark ? 'bg-night/90 text-white' : 'bg-surface/90 text-slate-900',
      )}
    >
      <div className="flex h-14 w-full items-center gap-1">
        {back ? (
          <button
            type="button"
            onClick={goBack}
            aria-label={t('common.back')}
            data-testid="header-back"
            className={cn(
              'flex size-11 shrink-0 items-center justify-center rounded-full',
              dark ? 'hover:bg-white/10' : 'hover:bg-slate-200/70',
            )}
          >
            <ChevronLeft size={26} aria-hidden="true" />
          </button>
        ) : (
          <span className="size-11 shrink-0" aria-hidden="true" />
        )}
        <h1 className="min-w-0 flex-1 truncate text-center text-lg font-semibold">{title}</h1>
        <span className="size-11 shrink-0" aria-hidden="true" />
      </div>
    </header>
  );
}
