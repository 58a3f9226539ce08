import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { applyLocale, useLocale } from '../../../i18n/index.ts';

/** Guests choose the language here; signed-in users do it under /profile/language. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <button
      type="button"
      lang={locale === 'fo' ? 'en' : 'fo'}
      aria-label={t('login.switchLanguageLabel')}
      onClick={() => void applyLocale(locale === 'fo' ? 'en' : 'fo')}
      className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
    >
      <Languages size={18} aria-hidden="true" />
      {t('login.switchLanguage')}
    </button>
  );
}
