import { useTranslation } from 'react-i18next';
import { TERMS_URL } from '../../../config.ts';
import { openExternal } from '../../../platform/browser.ts';
import { openModal } from '@stod/ui/modal-store.ts';

/** Opens the terms of purchase: the configured page, or a sheet with the short version. */
export function TermsLink() {
  const { t } = useTranslation();
  const open = () => {
    if (TERMS_URL) {
      openExternal(TERMS_URL);
      return;
    }
    openModal({
      variant: 'sheet',
      title: t('terms.title'),
      body: <p className="leading-relaxed">{t('terms.body')}</p>,
      actions: [{ role: 'ok' }],
      testId: 'terms-sheet',
    });
  };
  return (
    <button
      type="button"
      onClick={open}
      className="font-semibold text-brand-strong underline underline-offset-4"
    >
      {t('register.termsLink')}
    </button>
  );
}
