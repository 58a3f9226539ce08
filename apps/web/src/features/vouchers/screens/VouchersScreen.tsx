import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMinuteClock } from '../../../lib/use-now.ts';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { useVouchers } from '../api/get-vouchers.ts';
import { BalanceCard } from '../components/BalanceCard.tsx';
import { RedeemForm } from '../components/RedeemForm.tsx';
import { VoucherList } from '../components/VoucherList.tsx';
import { sortVouchers } from '../voucher-state.ts';

/** `/profile/vouchers`: the balance, redeeming a code, and the vouchers with their state. */
export function VouchersScreen() {
  const { t } = useTranslation();
  const list = useVouchers();
  const now = useMinuteClock().getTime();
  const items = list.data?.items;
  const sorted = useMemo(() => (items ? sortVouchers(items, now) : undefined), [items, now]);

  return (
    <Screen>
      {list.isError ? (
        <RetryNotice
          text={t('vouchers.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void list.refetch()}
          testId="vouchers-load-error"
        />
      ) : (
        <BalanceCard balance={list.data?.balance} />
      )}

      <RedeemForm />

      {!list.isError && (
        <Section title={t('vouchers.listTitle')}>
          <VoucherList vouchers={sorted} />
        </Section>
      )}
    </Screen>
  );
}
