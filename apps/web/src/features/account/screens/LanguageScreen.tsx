import { locales, type Locale } from '@stod/domain';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { applyLocale, useLocale } from '../../../i18n/index.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { cn } from '@stod/ui/cn.ts';
import { Screen } from '@stod/ui/Screen.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useSaveLocale } from '../api/save-locale.ts';

/** Saves `{product}_locale` on the device at once, and on the server for e-mails. */
export function LanguageScreen() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const save = useSaveLocale();

  const choose = async (next: Locale) => {
    if (next === locale) return;
    await applyLocale(next);
    save.mutate(next, {
      // i18n.t, not t: the closure's t still speaks the language chosen before.
      onSuccess: () => showToast('success', i18n.t('language.saved')),
      onError: (error) => showToast('error', apiErrorOf(error).message),
    });
  };

  return (
    <Screen>
      <p className="text-base text-slate-700">{t('language.intro')}</p>
      <div
        role="radiogroup"
        aria-label={t('profile.language')}
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
      >
        {locales.map((option) => {
          const selected = option === locale;
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={selected}
              lang={option}
              onClick={() => void choose(option)}
              className={cn(
                'flex min-h-14 w-full items-center gap-4 px-4 text-left text-base font-medium transition-colors',
                'hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand',
                selected ? 'text-brand-strong' : 'text-slate-900',
              )}
            >
              <span className="flex-1">{t(option === 'fo' ? 'language.fo' : 'language.en')}</span>
              {selected && <Check size={22} aria-hidden="true" />}
            </button>
          );
        })}
      </div>
    </Screen>
  );
}
