import { formatCurrency } from '@stod/domain';
import { WalletMinimal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@stod/ui/Skeleton.tsx';

/** What value vouchers and gift cards still hold; undefined while it loads. */
export function BalanceCard({ balance }: { balance: number | undefined }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="voucher-balance-title"
      className="flex flex-col gap-2 rounded-2xl bg-brand p-5 text-white shadow-sm"
      data-testid="voucher-balance-card"
    >
      <div className="flex items-center gap-2">
        <WalletMinimal size={18} aria-hidden="true" />
        <h2 id="voucher-balance-title" className="text-sm font-semibold tracking-wide uppercase">
          {t('vouchers.balanceTitle')}
        </h2>
      </div>
      {balance === undefined ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-9 w-40 bg-white/30" />
        </div>
      ) : (
        <p className="text-3xl font-bold tabular-nums" data-testid="voucher-balance">
          {formatCurrency(balance)}
        </p>
      )}
      <p className="text-sm">{t('vouchers.balanceText')}</p>
    </section>
  );
}
