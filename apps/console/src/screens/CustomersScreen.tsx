import { formatDate } from '@stod/domain';
import { Field } from '@stod/ui/Field.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerPath } from '../app/paths.ts';
import { CUSTOMERS_PAGE, useCustomerSearch, type SupportCustomer } from '../lib/customers.ts';
import { useSearchPause } from '../lib/use-search-pause.ts';
import { ListSkeleton, Page, Pager } from './Page.tsx';
import { BlockedChip } from './StateChip.tsx';

function CustomerRow({ customer }: { customer: SupportCustomer }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link
        to={customerPath(customer.id)}
        data-testid="customer-row"
        className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <span className="grid min-w-0 flex-1 gap-1 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_auto] md:items-center md:gap-4">
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="truncate text-base font-semibold text-slate-900">{customer.name}</span>
            <span className="truncate text-sm text-slate-600">{customer.email}</span>
          </span>
          <span className="flex min-w-0 flex-col gap-0.5 text-sm text-slate-700">
            <span>{customer.mobile || '–'}</span>
            <span className="text-slate-600">
              {t('customers.since', { date: formatDate(customer.createdAt) })}
            </span>
          </span>
          <span>{customer.blockedAt && <BlockedChip />}</span>
        </span>
        <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-slate-500" />
      </Link>
    </li>
  );
}

/** Support's first screen: find a customer by what they tell on the phone. */
export function CustomersScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState({ q: '' });
  const [offset, setOffset] = useState(0);
  const customers = useCustomerSearch(useSearchPause(filter).q, offset);
  return (
    <Page title={t('section.customers')} wide>
      <search>
        <form
          className="rounded-2xl bg-white p-4 ring-1 ring-slate-200"
          onSubmit={(e) => e.preventDefault()}
        >
          <Field
            type="search"
            label={t('customers.search')}
            hint={t('customers.searchHint')}
            value={filter.q}
            maxLength={100}
            autoFocus
            onChange={(e) => {
              setFilter({ q: e.target.value });
              setOffset(0);
            }}
          />
        </form>
      </search>
      {customers.isPending && <ListSkeleton label={t('section.customers')} />}
      {customers.isError && (
        <RetryNotice
          text={t('customers.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void customers.refetch()}
          pending={customers.isFetching}
        />
      )}
      {customers.data?.items.length === 0 && (
        <EmptyState level={2} title={t('customers.empty')} text={t('customers.emptyText')} />
      )}
      {customers.data && customers.data.items.length > 0 && (
        <>
          <ul className="flex flex-col gap-3" aria-label={t('section.customers')}>
            {customers.data.items.map((customer) => (
              <CustomerRow key={customer.id} customer={customer} />
            ))}
          </ul>
          <Pager
            label={t('section.customers')}
            offset={offset}
            page={CUSTOMERS_PAGE}
            total={customers.data.total}
            onOffset={setOffset}
          />
        </>
      )}
    </Page>
  );
}
