import type { PaymentMethod } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { useDeletePaymentMethod } from './api/delete-payment-method.ts';
import { useSetFavourite } from './api/set-favourite.ts';
import { cardAccessibleName } from './card-format.ts';

/** Favourite and delete, with the spec §8 texts when they fail; shared by list and details. */
export function useCardActions() {
  const { t } = useTranslation();
  const favourite = useSetFavourite();
  const remove = useDeletePaymentMethod();

  const makeFavourite = (method: PaymentMethod) => {
    if (method.isFavourite) return;
    favourite.mutate(method.id, {
      onSuccess: () => showToast('success', t('wallet.favouriteChanged')),
      onError: () => showToast('error', t('error.favourite')),
    });
  };

  /** Resolves true once the card is deleted. */
  const confirmDelete = async (method: PaymentMethod): Promise<boolean> => {
    const card = cardAccessibleName(method, t('wallet.ownCard'));
    const confirmed = await confirmModal({
      title: t('wallet.deleteConfirmTitle'),
      body: t('wallet.deleteConfirmText', { card }),
      confirmLabel: t('wallet.deleteConfirm'),
      danger: true,
      testId: 'delete-card-modal',
    });
    if (!confirmed) return false;
    try {
      await remove.mutateAsync(method.id);
    } catch {
      showToast('error', t('error.deleteCard'));
      return false;
    }
    showToast('success', t('wallet.deleted'));
    return true;
  };

  return { makeFavourite, confirmDelete, busy: favourite.isPending || remove.isPending };
}
