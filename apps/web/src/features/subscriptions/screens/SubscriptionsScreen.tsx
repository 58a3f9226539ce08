import type { SubscriptionInterval } from '@stod/domain';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMinuteClock } from '../../../lib/use-now.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { EmptyState, ErrorState } from '@stod/ui/States.tsx';
import { usePlans } from '../api/get-plans.ts';
import { useUserSubscriptions } from '../../../lib/user-subscriptions.ts';
import { IntervalSwitch } from '../components/IntervalSwitch.tsx';
import { MySubscriptionCard } from '../components/MySubscriptionCard.tsx';
import { PlanCard } from '../components/PlanCard.tsx';
import { sortPlans, subscriptionOfType, tierAction } from '../tiers.ts';
import { useSubscriptionActions } from '../use-subscription-actions.tsx';

/** `/profile/subscriptions`: the user's subscription and the tiers on offer, monthly or yearly. */
export function SubscriptionsScreen() {
  const { t } = useTranslation();
  const plans = usePlans();
  const mine = useUserSubscriptions();
  const now = useMinuteClock();
  const actions = useSubscriptionActions();
  const [interval, setShownInterval] = useState<SubscriptionInterval>('monthly');

  if (plans.isError || mine.isError) {
    return (
      <div className="flex flex-1 flex-col" data-testid="subscriptions-error">
        <ErrorState
          level={2}
          icon={<CircleAlert size={28} />}
          title={t('subscriptions.loadFailed')}
          text={(plans.error ?? mine.error)?.message}
          action={
            <Button
              onClick={() => {
                if (plans.isError) void plans.refetch();
                if (mine.isError) void mine.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!plans.data || !mine.data) {
    return (
      <Screen>
        <SubscriptionsSkeleton label={t('common.loading')} />
      </Screen>
    );
  }

  const sorted = sortPlans(plans.data);
  const subs = mine.data;

  return (
    <Screen>
      <p className="text-base text-slate-700">{t('subscriptions.intro')}</p>

      {subs.length > 0 && (
        <Section title={t('subscriptions.mineTitle')}>
          {subs.map((sub) => (
            <MySubscriptionCard
              key={sub.id}
              sub={sub}
              plan={sorted.find((p) => p.id === sub.subscription.id)}
              now={now}
              busy={actions.busy}
              onCancel={(s) => void actions.cancel(s)}
            />
          ))}
        </Section>
      )}

      <Section title={t('subscriptions.plansTitle')}>
        {sorted.length === 0 ? (
          <EmptyState level={2} title={t('subscriptions.empty')} />
        ) : (
          <>
            <IntervalSwitch value={interval} onChange={setShownInterval} />
            <ul className="flex flex-col gap-3" data-testid="plan-list">
              {sorted.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  interval={interval}
                  action={tierAction(plan, sorted, subs, now)}
                  busy={actions.busy}
                  onSubscribe={(p) => actions.subscribe(p, interval)}
                  onUpgrade={(p) => {
                    const own = subscriptionOfType(p.type, subs, now);
                    if (own) void actions.upgrade(own, p);
                  }}
                />
              ))}
            </ul>
          </>
        )}
      </Section>
    </Screen>
  );
}

function SubscriptionsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <Skeleton className="h-5 w-64" />
      <Skeleton className="h-12 w-full rounded-2xl" />
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-24" />
              <Skeleton className="h-4 w-48" />
            </div>
          </div>
          <div className="flex gap-1.5">
            <Skeleton className="h-6 w-16 rounded-full" />
            <Skeleton className="h-6 w-12 rounded-full" />
            <Skeleton className="h-6 w-24 rounded-full" />
          </div>
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-12 w-full rounded-2xl" />
        </div>
      ))}
    </div>
  );
}
