import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endSession } from '../../../lib/current-user.ts';
import { paths } from '../../../lib/paths.ts';
import { Button } from '@stod/ui/Button.tsx';
import { CardSection } from '@stod/ui/CardSection.tsx';
import { closeModal, openModal } from '@stod/ui/modal-store.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { DeleteAccountForm } from './DeleteAccountForm.tsx';

export function DeleteAccountSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const onDelete = () => {
    let id = 0;
    const onDeleted = async () => {
      closeModal(id);
      await endSession();
      await navigate(paths.start, { replace: true });
      showToast('success', t('user.deleted'));
    };
    id = openModal({
      title: t('user.deleteConfirmTitle'),
      body: <DeleteAccountForm onCancel={() => closeModal(id, true)} onDeleted={onDeleted} />,
      testId: 'delete-account-modal',
    });
  };

  return (
    <CardSection title={t('user.deleteTitle')}>
      <p className="-mt-2 text-sm text-slate-600">{t('user.deleteText')}</p>
      <Button variant="danger" icon={<Trash2 size={18} aria-hidden="true" />} onClick={onDelete}>
        {t('user.deleteButton')}
      </Button>
    </CardSection>
  );
}
