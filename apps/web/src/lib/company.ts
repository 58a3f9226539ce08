import { companySchema, type Company, type Locale } from '@stod/domain';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, BRAND } from '../config.ts';
import { apiRequest, unwrap } from './api-client.ts';

/** GET /api/company: the issuer on receipts, from the server's configuration like the PDF's. */
export function getCompany(signal?: AbortSignal) {
  return apiRequest('/company', { schema: companySchema, ...(signal ? { signal } : {}) });
}

/** The company rarely changes: it loads once per session. */
export function useCompany() {
  return useQuery({
    queryKey: ['company'],
    queryFn: ({ signal }) => unwrap(getCompany(signal)),
    staleTime: Infinity,
  });
}

/** The provider's name, for a receipt without a station, before the company has loaded. */
export function useProviderName(): string {
  const company: Company | undefined = useCompany().data;
  return company?.name ?? BRAND.name;
}

export type LegalPage = 'terms' | 'purchaseTerms' | 'privacy';

const builtInPath: Record<LegalPage, string> = {
  terms: '/legal/terms',
  purchaseTerms: '/legal/purchase-terms',
  privacy: '/legal/privacy',
};

/**
 * The address of a legal page: the configured one the server names, else the API's built-in
 * page. The in-app browser sends the phone's language, not the app's, so a built-in page is
 * asked for in the app's language.
 */
export function legalUrl(company: Company | undefined, page: LegalPage, locale: Locale): string {
  const configured =
    page === 'terms'
      ? company?.termsUrl
      : page === 'purchaseTerms'
        ? company?.purchaseTermsUrl
        : company?.privacyUrl;
  const url = new URL(configured ?? `${API_BASE}${builtInPath[page]}`, window.location.origin);
  if (url.pathname.startsWith('/api/legal/')) url.searchParams.set('lang', locale);
  return url.toString();
}
