import type { UserVoucher } from '@stod/domain';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import type { VoucherState } from '../voucher-state.ts';
import { VoucherRow } from './VoucherRow.tsx';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';

interface Props {
  /** Already sorted, usable first; undefined while loading. */
  vouchers: readonly { voucher: UserVoucher; state: VoucherState }[] | undefined;
}

/** The user's vouchers, a short empty state, or skeleton rows while loading. */
export function VoucherList({ vouchers }: Props) {
  const { t } = useTranslation();

  if (!vouchers) return <VouchersSkeleton label={t('common.loading')} />;
  if (vouchers.length === 0) {
    return (
      <EmptyCard
        icon={<Gift size={26} />}
        title={t('vouchers.emptyTitle')}
        text={t('vouchers.emptyText')}
        testId="vouchers-empty"
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="voucher-list">
      {vouchers.map(({ voucher, state }) => (
        <VoucherRow key={voucher.id} voucher={voucher} state={state} />
      ))}
    </ul>
  );
}

function VouchersSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-36" />
              <Skeleton className="h-3.5 w-24" />
            </div>
            <Skeleton className="h-6 w-20 rounded-full" />
          </div>
          <div className="flex flex-col gap-2 pl-13">
            <Skeleton className="h-4 w-44" />
            <Skeleton className="h-3.5 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}
