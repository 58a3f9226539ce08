import type { PaymentMethod } from '@stod/domain';
import { WalletCards } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useCardActions } from '../use-card-actions.ts';
import { PaymentMethodRow } from './PaymentMethodRow.tsx';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';

/** The user's cards, or a short empty state; skeleton rows while loading. */
export function PaymentMethodList({ methods }: { methods: readonly PaymentMethod[] | undefined }) {
  const { t } = useTranslation();
  const actions = useCardActions();

  if (!methods) return <PaymentMethodsSkeleton label={t('common.loading')} />;
  if (methods.length === 0) {
    return (
      <EmptyCard
        icon={<WalletCards size={26} />}
        title={t('wallet.emptyTitle')}
        text={t('wallet.emptyText')}
        testId="payment-methods-empty"
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="payment-method-list">
      {methods.map((method) => (
        <PaymentMethodRow
          key={method.id}
          method={method}
          busy={actions.busy}
          onFavourite={(m) => actions.makeFavourite(m)}
          onDelete={(m) => void actions.confirmDelete(m)}
        />
      ))}
    </ul>
  );
}

export function PaymentMethodsSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <div className="flex items-center gap-3">
            <Skeleton className="h-9 w-14 rounded-lg" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3.5 w-44" />
            </div>
          </div>
          <div className="flex gap-1.5">
            <Skeleton className="h-6 w-20 rounded-full" />
            <Skeleton className="h-6 w-20 rounded-full" />
            <Skeleton className="h-6 w-16 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
