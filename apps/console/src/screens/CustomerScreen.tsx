import { formatCurrency, formatDate } from '@stod/domain';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { DetailList } from '@stod/ui/DetailList.tsx';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../app/paths.ts';
import { ApiRequestError } from '../lib/api.ts';
import { useBlock, useCustomer, type SupportCustomerDetail } from '../lib/customers.ts';
import { isNotFound } from '../lib/station-live.ts';
import { CustomerPayments } from './CustomerPayments.tsx';
import { ReasonField } from './ReasonField.tsx';
import { BackLink, ListSkeleton, Page } from './Page.tsx';
import { BlockedChip } from './StateChip.tsx';
import { dateTime } from '../lib/format.ts';

const pair = 'grid gap-6 xl:grid-cols-2 xl:items-start';

/** Blocks or opens the account again, with a reason the audit log keeps. */
function BlockForm({ customer }: { customer: SupportCustomerDetail }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const block = useBlock(customer.id);
  const blocked = customer.blockedAt !== null;
  const failure = block.error instanceof ApiRequestError ? block.error.apiError.message : null;
  return (
    <form
      noValidate
      data-testid="block-form"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim().length < 3) {
          setError(t('refund.reasonRequired'));
          return;
        }
        setError(undefined);
        block.mutate(
          { blocked: !blocked, reason: reason.trim() },
          {
            onSuccess: () => {
              showToast('success', t(blocked ? 'customer.unblocked' : 'customer.blockedDone'));
              setReason('');
            },
          },
        );
      }}
    >
      {failure && <Notice tone="error">{failure}</Notice>}
      <p className="text-sm text-slate-600">
        {t(blocked ? 'customer.unblockHint' : 'customer.blockHint')}
      </p>
      <ReasonField value={reason} error={error} onChange={setReason} />
      <Button
        type="submit"
        variant={blocked ? 'secondary' : 'danger'}
        block={false}
        pending={block.isPending}
        className="self-start"
      >
        {t(blocked ? 'customer.unblock' : 'customer.block')}
      </Button>
    </form>
  );
}

function Profile({ customer }: { customer: SupportCustomerDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('customer.profile')}>
      <DetailList
        testId="customer-profile"
        details={[
          { label: t('staff.email'), value: customer.email },
          { label: t('customer.mobile'), value: customer.mobile || '–' },
          {
            label: t('customer.address'),
            value:
              [customer.address, `${customer.postCode} ${customer.city}`.trim()]
                .filter(Boolean)
                .join(', ') || '–',
          },
          {
            label: t('customer.accountType'),
            value: t(`customer.account.${customer.accountType}`),
          },
          {
            label: t('customer.language'),
            value: customer.locale === 'fo' ? 'Føroyskt' : 'English',
          },
          { label: t('customer.since'), value: formatDate(customer.createdAt) },
          {
            label: t('customer.cards'),
            value:
              customer.cards
                .map(
                  (c) =>
                    `${c.brand.charAt(0).toUpperCase()}${c.brand.slice(1)} •••• ${c.last4}${c.removed ? ` (${t('customer.cardRemoved')})` : ''}`,
                )
                .join(', ') || '–',
          },
        ]}
      />
      <BlockForm customer={customer} />
    </Section>
  );
}

function Timeline({ customer }: { customer: SupportCustomerDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('customer.timeline')}>
      {customer.timeline.length === 0 ? (
        <p className="text-base text-slate-600">{t('customer.noHistory')}</p>
      ) : (
        <ol
          data-testid="customer-timeline"
          className="divide-y divide-slate-200 rounded-2xl bg-white px-4 ring-1 ring-slate-200"
        >
          {customer.timeline.map((entry) => (
            <li
              key={`${entry.kind}-${entry.id}`}
              data-kind={entry.kind}
              className="grid gap-1 py-3 text-sm sm:grid-cols-[9.5rem_minmax(0,1fr)_auto] sm:gap-3"
            >
              <span className="text-slate-600">{dateTime(entry.at)}</span>
              <span className="min-w-0">
                <span className="font-semibold text-slate-900">
                  {t(`customer.kind.${entry.kind}`)}
                </span>{' '}
                <span className="text-slate-700">
                  {entry.kind === 'payment'
                    ? t(`customer.service.${entry.title}`, entry.title)
                    : entry.title}
                </span>
                {entry.state && (
                  <span className="text-slate-600">
                    {' '}
                    · {t(`customer.state.${entry.state}`, entry.state)}
                  </span>
                )}
              </span>
              <span className="font-medium text-slate-900 tabular-nums sm:text-right">
                {entry.amount === null ? '' : formatCurrency(entry.amount)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** One customer as support sees them: who they are, what they paid, and all they did. */
export function CustomerScreen() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const customer = useCustomer(id);
  const back = <BackLink to={paths.customers} label={t('customer.all')} />;
  if (customer.isError && isNotFound(customer.error))
    return (
      <Page title={t('customer.notFound')} back={back} wide>
        <EmptyState
          level={2}
          title={t('customer.notFound')}
          action={
            <ButtonLink to={paths.customers} variant="secondary">
              {t('customer.all')}
            </ButtonLink>
          }
        />
      </Page>
    );
  return (
    <Page title={customer.data?.name ?? t('customer.loading')} back={back} wide>
      {customer.isPending && <ListSkeleton label={t('customer.loading')} />}
      {customer.isError && (
        <RetryNotice
          text={t('customer.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void customer.refetch()}
          pending={customer.isFetching}
        />
      )}
      {customer.data && (
        <>
          {customer.data.blockedAt && (
            <div className="flex items-center gap-3">
              <BlockedChip />
              <span className="text-sm text-slate-600">
                {t('customer.blockedSince', { time: dateTime(customer.data.blockedAt) })}
              </span>
            </div>
          )}
          <Section title={t('customer.payments')}>
            <CustomerPayments customerId={customer.data.id} payments={customer.data.payments} />
          </Section>
          <div className={pair}>
            <Profile customer={customer.data} />
            <Timeline customer={customer.data} />
          </div>
        </>
      )}
    </Page>
  );
}
