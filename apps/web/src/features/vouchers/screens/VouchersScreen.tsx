import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMinuteClock } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/Button.tsx';
import { Notice } from '../../../ui/Notice.tsx';
import { Screen } from '../../../ui/Screen.tsx';
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
        <Notice tone="error" testId="vouchers-load-error">
          <p>{t('vouchers.loadFailed')}</p>
          <Button
            variant="secondary"
            block={false}
            className="mt-3"
            onClick={() => void list.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Notice>
      ) : (
        <BalanceCard balance={list.data?.balance} />
      )}

      <RedeemForm />

      {!list.isError && (
        <section aria-labelledby="voucher-list-title" className="flex flex-col gap-3">
          <h2
            id="voucher-list-title"
            className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase"
          >
            {t('vouchers.listTitle')}
          </h2>
          <VoucherList vouchers={sorted} />
        </section>
      )}
    </Screen>
  );
}
