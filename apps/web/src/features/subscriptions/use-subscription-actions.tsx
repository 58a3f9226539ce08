import {
  formatCurrency,
  formatDate,
  type SubscriptionInterval,
  type SubscriptionPlan,
} from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '../../lib/api-error.ts';
import { closeModal, confirmModal, openModal } from '@stod/ui/modal-store.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { useCancelSubscription } from './api/cancel-subscription.ts';
import { useUpgradeSubscription } from './api/upgrade-subscription.ts';
import { attemptKeys } from './attempt-keys.ts';
import { SubscribeSheet } from './components/SubscribeSheet.tsx';
import { planPrice, pricePerIntervalKey, type UserSubscriptionView } from './tiers.ts';

/** Subscribe, upgrade and cancel, each behind its confirmation, with the spec §8 texts. */
export function useSubscriptionActions() {
  const { t } = useTranslation();
  const cancelMutation = useCancelSubscription();
  const upgradeMutation = useUpgradeSubscription();

  const subscribe = (plan: SubscriptionPlan, interval: SubscriptionInterval) => {
    const modal: { id?: number } = {};
    const close = () => {
      if (modal.id !== undefined) closeModal(modal.id);
    };
    modal.id = openModal({
      variant: 'sheet',
      title: t('subscriptions.subscribeTitle'),
      testId: 'subscribe-sheet',
      body: <SubscribeSheet plan={plan} interval={interval} onClose={close} />,
    });
  };

  const cancel = async (sub: UserSubscriptionView) => {
    const confirmed = await confirmModal({
      title: t('subscriptions.cancelConfirmTitle'),
      body: t('subscriptions.cancelConfirmText', {
        name: sub.subscription.name,
        date: formatDate(sub.validTo),
      }),
      confirmLabel: t('subscriptions.cancel'),
      cancelLabel: t('subscriptions.keep'),
      danger: true,
      testId: 'cancel-subscription-modal',
    });
    if (!confirmed) return;
    cancelMutation.mutate(sub.id, {
      onSuccess: () => showToast('success', t('subscriptions.cancelled')),
      onError: () => showToast('error', t('error.deleteSubscription')),
    });
  };

  /** The upgrade keeps the current interval; what is left of the period is credited. */
  const upgrade = async (sub: UserSubscriptionView, target: SubscriptionPlan) => {
    const price = t(pricePerIntervalKey(sub.interval), {
      price: formatCurrency(planPrice(target, sub.interval)),
    });
    const confirmed = await confirmModal({
      title: t('subscriptions.upgradeConfirmTitle', { name: target.name }),
      body: t('subscriptions.upgradeConfirmText', { name: target.name, price }),
      confirmLabel: t('subscriptions.upgrade'),
      testId: 'upgrade-subscription-modal',
    });
    if (!confirmed) return;
    const scope = `upgrade:${sub.id}:${String(target.id)}`;
    upgradeMutation.mutate(
      { userSubscriptionId: sub.id, planId: target.id, idempotencyKey: attemptKeys.keyFor(scope) },
      {
        onSuccess: (made) => {
          attemptKeys.settle(scope, null);
          showToast(
            'success',
            t('subscriptions.upgraded', {
              credited: formatCurrency(made.credited),
              charged: formatCurrency(made.charged),
            }),
          );
        },
        onError: (error) => {
          const apiError = apiErrorOf(error);
          attemptKeys.settle(scope, apiError);
          showToast('error', apiError.message);
        },
      },
    );
  };

  return {
    subscribe,
    cancel,
    upgrade,
    busy: cancelMutation.isPending || upgradeMutation.isPending,
  };
}
