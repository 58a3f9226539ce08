import { formatCurrency, type SubscriptionInterval, type SubscriptionPlan } from '@stod/domain';
import { Check, CreditCard, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { paths } from '../../../lib/paths.ts';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { radioItem } from '@stod/ui/radio.ts';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useSubscribe } from '../api/subscribe.ts';
import { attemptKeys } from '../attempt-keys.ts';
import {
  cardLabel,
  intervalKey,
  planPrice,
  pricePerIntervalKey,
  subscriptionCards,
} from '../tiers.ts';

interface Props {
  plan: SubscriptionPlan;
  interval: SubscriptionInterval;
  onClose: () => void;
}

/** The sheet that subscribes: the plan, its price and interval, and the card that pays. */
export function SubscribeSheet({ plan, interval, onClose }: Props) {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  const subscribe = useSubscribe();
  const [chosen, setChosen] = useState<string | null>(null);
  const cards = methods.data ? subscriptionCards(methods.data.items) : undefined;
  // The favourite is listed first, so it is the one chosen until the user picks another.
  const cardId = cards?.find((c) => c.id === chosen)?.id ?? cards?.[0]?.id ?? null;
  const cardIds = cards?.map((c) => c.id) ?? [];
  const price = formatCurrency(planPrice(plan, interval));

  const submit = () => {
    if (!cardId) return;
    const scope = `subscribe:${String(plan.id)}:${interval}:${cardId}`;
    subscribe.mutate(
      {
        planId: plan.id,
        body: { interval, paymentMethodId: cardId },
        idempotencyKey: attemptKeys.keyFor(scope),
      },
      {
        onSuccess: () => {
          attemptKeys.settle(scope, null);
          showToast('success', t('subscriptions.subscribed'));
          onClose();
        },
        onError: (error) => {
          const apiError = apiErrorOf(error);
          attemptKeys.settle(scope, apiError);
          showToast('error', apiError.message);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-5" data-testid="subscribe-form">
      <div className="flex flex-col gap-1 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="text-lg font-semibold text-slate-900">{plan.name}</p>
        <p className="text-base text-slate-900 tabular-nums" data-testid="subscribe-price">
          {t(intervalKey(interval))} · {t(pricePerIntervalKey(interval), { price })}
        </p>
        <p className="text-sm text-slate-600">
          {t(interval === 'monthly' ? 'subscriptions.renewsMonthly' : 'subscriptions.renewsYearly')}
        </p>
      </div>

      {methods.isError ? (
        <RetryNotice
          text={methods.error.message}
          retryLabel={t('common.retry')}
          onRetry={() => void methods.refetch()}
        />
      ) : !cards ? (
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : cards.length === 0 ? (
        <div className="flex flex-col gap-3" data-testid="subscribe-no-card">
          <p className="font-semibold text-slate-900">{t('subscriptions.noCardTitle')}</p>
          <p className="text-sm text-slate-600">{t('subscriptions.noCardText')}</p>
          <ButtonLink to={paths.paymentMethods} onClick={onClose}>
            {t('subscriptions.toPaymentMethods')}
          </ButtonLink>
        </div>
      ) : (
        <>
          <div
            role="radiogroup"
            aria-label={t('subscriptions.cardLabel')}
            className="flex flex-col gap-2"
          >
            <p aria-hidden="true" className="text-sm font-medium text-slate-600">
              {t('subscriptions.cardLabel')}
            </p>
            {cards.map((card) => {
              const selected = card.id === cardId;
              return (
                <button
                  key={card.id}
                  type="button"
                  {...radioItem<string | null>(cardIds, cardId, card.id, setChosen)}
                  disabled={subscribe.isPending}
                  onClick={() => setChosen(card.id)}
                  className={cn(
                    'flex min-h-14 w-full items-center gap-3 rounded-2xl px-4 text-left ring-inset',
                    'transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand',
                    selected
                      ? 'bg-brand-soft ring-2 ring-brand'
                      : 'bg-white ring-1 ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  <CreditCard size={20} aria-hidden="true" className="shrink-0 text-slate-600" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium text-slate-900 tabular-nums">
                      {cardLabel(card)}
                    </span>
                    {card.isFavourite && (
                      <span className="inline-flex items-center gap-1 text-xs font-semibold text-brand-strong">
                        <Star size={12} aria-hidden="true" className="fill-current" />
                        {t('subscriptions.favourite')}
                      </span>
                    )}
                  </span>
                  {selected && (
                    <Check size={20} aria-hidden="true" className="shrink-0 text-brand-strong" />
                  )}
                </button>
              );
            })}
          </div>
          <Button pending={subscribe.isPending} onClick={submit}>
            {t('subscriptions.pay', { price })}
          </Button>
        </>
      )}
    </div>
  );
}
