import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/index.ts';
import { legalUrl, useCompany } from '../../../lib/company.ts';
import { openInAppBrowser } from '../../../platform/browser.ts';

/** Opens the terms of purchase in the in-app browser (spec §2: the app shell). */
export function TermsLink() {
  const { t } = useTranslation();
  const locale = useLocale();
  // Loaded with the form, so the click opens the page at once (a browser opens a tab only
  // in the click itself); before it answers, the built-in page is the address.
  const company = useCompany().data;
  return (
    <a
      href={legalUrl(company, 'purchaseTerms', locale)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        openInAppBrowser(legalUrl(company, 'purchaseTerms', locale));
      }}
      className="font-semibold text-brand-strong underline underline-offset-4"
      data-testid="terms-link"
    >
      {t('register.termsLink')}
    </a>
  );
}
