import { PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { ActivationPanel } from '../components/ActivationPanel.tsx';
import { CardFace } from '../components/CardFace.tsx';
import { ProductChips } from '../components/ProductChips.tsx';
import { pickNewCard, stateCardId } from '../select-card.ts';
import { useActivationRefetch } from '../use-activation-refetch.ts';

/** `…/{own-card}/create/complete` and `…/add/complete`: the new card, and when it works. */
export function OwnCardCompleteScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const created = location.pathname === paths.ownCardCreateComplete;
  const list = usePaymentMethods();
  useActivationRefetch(list.data?.items);
  const card = list.data ? pickNewCard(list.data.items, stateCardId(location.state)) : null;

  if (list.isPending) {
    return (
      <Screen>
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-6">
          <Skeleton className="mx-auto h-8 w-56" />
          <Skeleton className="aspect-[1.586] w-full max-w-sm self-center rounded-3xl" />
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      </Screen>
    );
  }
  if (!card) {
    return (
      <div className="flex flex-1 flex-col" data-testid="own-card-missing">
        <EmptyState
          level={2}
          title={t('ownCard.noneTitle')}
          action={<ButtonLink to={paths.paymentMethods}>{t('wallet.backToList')}</ButtonLink>}
        />
      </div>
    );
  }
  return (
    <Screen>
      <div className="flex flex-col items-center gap-3 pt-2 text-center">
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-2xl bg-brand-soft text-brand-strong"
        >
          <PartyPopper size={26} />
        </span>
        <h2 className="text-xl font-semibold text-slate-900" data-testid="own-card-done-title">
          {created ? t('ownCard.createdTitle') : t('ownCard.addedTitle')}
        </h2>
      </div>
      <CardFace method={card} />
      <ActivationPanel method={card} />
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-slate-600">{t('wallet.productsLabel')}</h3>
        <ProductChips products={card.products} />
      </div>
      <div className="mt-auto flex flex-col gap-3">
        <ButtonLink to={paths.paymentMethods} replace>
          {t('wallet.backToList')}
        </ButtonLink>
        <ButtonLink to={paths.home} variant="secondary">
          {t('common.toHome')}
        </ButtonLink>
      </div>
    </Screen>
  );
}
