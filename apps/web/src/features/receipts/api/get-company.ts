import { companySchema, type Company } from '@stod/domain';
import { useQuery } from '@tanstack/react-query';
import { BRAND } from '../../../config.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

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
