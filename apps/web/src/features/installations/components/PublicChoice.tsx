import { formatCurrency, OWNER_CREDIT_ORE_PER_KWH, type UserInstallation } from '@stod/domain';
import { Globe, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { ChoiceSection } from '@stod/ui/ChoiceCards.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useTogglePublic } from '../api/toggle-public.ts';

type Access = 'private' | 'public';

/**
 * The owner opens the installation to everyone (and earns 0.20 kr. for each kWh others charge,
 * spec §1) or keeps it to the people it is shared with.
 */
export function PublicChoice({ installation }: { installation: UserInstallation }) {
  const { t } = useTranslation();
  const toggle = useTogglePublic();
  const value: Access = installation.public ? 'public' : 'private';
  const amount = formatCurrency(OWNER_CREDIT_ORE_PER_KWH);

  const change = (next: Access) => {
    if (next === value || toggle.isPending) return;
    toggle.mutate(installation.id, {
      onSuccess: (changed) =>
        showToast(
          'success',
          t(changed.public ? 'installations.madePublic' : 'installations.madePrivate', {
            name: changed.name,
          }),
        ),
      onError: (error) => showToast('error', apiErrorOf(error).message),
    });
  };

  return (
    <ChoiceSection<Access>
      heading={t('installations.accessTitle')}
      testId="installation-access-choice"
      value={value}
      onChange={change}
      disabled={toggle.isPending}
      choices={[
        {
          value: 'private',
          label: t('installations.private'),
          description: t('installations.privateText'),
          leading: <Lock size={20} aria-hidden="true" className="shrink-0 text-slate-700" />,
          testId: 'access-private',
        },
        {
          value: 'public',
          label: t('installations.public'),
          description: t('installations.publicText', { amount }),
          leading: <Globe size={20} aria-hidden="true" className="shrink-0 text-slate-700" />,
          testId: 'access-public',
        },
      ]}
    />
  );
}
