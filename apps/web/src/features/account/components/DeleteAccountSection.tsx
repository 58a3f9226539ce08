import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endSession } from '../../../lib/current-user.ts';
import { Button } from '../../../ui/Button.tsx';
import { confirmModal } from '../../../ui/modal-store.ts';
import { CardSection } from '../../../ui/CardSection.tsx';
import { showToast } from '../../../ui/toast-store.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

export function DeleteAccountSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();

  const onDelete = async () => {
    const confirmed = await confirmModal({
      title: t('user.deleteConfirmTitle'),
      body: t('user.deleteText'),
      confirmLabel: t('user.deleteConfirm'),
      danger: true,
      testId: 'delete-account-modal',
    });
    if (!confirmed) return;
    const [, error] = await remove.mutateAsync();
    if (error) {
      showToast('error', error.message);
      return;
    }
    await endSession();
    await navigate('/', { replace: true });
    showToast('success', t('user.deleted'));
  };

  return (
    <CardSection title={t('user.deleteTitle')}>
      <p className="-mt-2 text-sm text-slate-600">{t('user.deleteText')}</p>
      <Button
        variant="danger"
        icon={<Trash2 size={18} aria-hidden="true" />}
        pending={remove.isPending}
        onClick={() => void onDelete()}
      >
        {t('user.deleteButton')}
      </Button>
    </CardSection>
  );
}
