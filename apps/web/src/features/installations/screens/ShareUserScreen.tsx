import type { InstallationUser } from '@stod/domain';
import { UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { FormSkeleton } from '@stod/ui/Skeleton.tsx';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { Screen } from '@stod/ui/Screen.tsx';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useInstallationUsers } from '../api/get-installation-users.ts';
import { useUserInstallation } from '../api/get-user-installation.ts';
import { useRemoveShare } from '../api/remove-share.ts';
import { Badge } from '../components/Badge.tsx';
import { InstallationLoadError } from '../components/InstallationLoadError.tsx';
import { ShareLimitsForm } from '../components/ShareLimitsForm.tsx';
import { usageText } from '../limits-text.ts';

/**
 * `/profile/installations/{id}/share/{userId}`: one user's access, found among the owner's users
 * by their user id: the end date, the monthly cap and the price, and removing the access after
 * a confirmation.
 */
export function ShareUserScreen() {
  const { t } = useTranslation();
  const { id = '', userId = '' } = useParams();
  const installation = useUserInstallation(id);
  const owner = installation.data?.role === 'own';
  const users = useInstallationUsers(id, owner);

  if (installation.isError && !installation.data) {
    return (
      <InstallationLoadError
        error={installation.error}
        retrying={installation.isFetching}
        onRetry={() => void installation.refetch()}
      />
    );
  }
  if (users.isError && !users.data) {
    return (
      <InstallationLoadError
        error={users.error}
        retrying={users.isFetching}
        onRetry={() => void users.refetch()}
      />
    );
  }
  const user = users.data?.find((u) => u.userId === userId);
  if (installation.data && (!owner || (users.data && !user))) {
    return (
      <div className="flex flex-1 flex-col" data-testid="share-user-missing">
        <ErrorState
          level={2}
          title={t('installations.userNotFoundTitle')}
          text={t('installations.userNotFoundText')}
          action={
            <ButtonLink to={paths.installation(id)} variant="secondary">
              {t('charging.toInstallation')}
            </ButtonLink>
          }
        />
      </div>
    );
  }
  if (!installation.data || !user) {
    return (
      <Screen>
        <FormSkeleton fields={3} label={t('common.loading')} />
      </Screen>
    );
  }

  return <ShareUser user={user} installationName={installation.data.name} />;
}

function ShareUser({
  user,
  installationName,
}: {
  user: InstallationUser;
  installationName: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useRemoveShare();

  const onRemove = async () => {
    const confirmed = await confirmModal({
      title: t('installations.removeConfirmTitle', { name: user.name }),
      body: t('installations.removeConfirmText', {
        name: user.name,
        installation: installationName,
      }),
      confirmLabel: t('installations.removeConfirm'),
      danger: true,
      testId: 'remove-share-modal',
    });
    if (!confirmed) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        showToast('success', t('installations.removed', { name: user.name }));
        void navigate(paths.installation(user.installationId), { replace: true });
      },
      onError: (error) => showToast('error', apiErrorOf(error).message),
    });
  };

  return (
    <Screen>
      <StationHeading
        testId="share-user-heading"
        name={user.name}
        detail={
          <span className="flex flex-col gap-1">
            <span>{user.email}</span>
            <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700 tabular-nums">
              {usageText(t, user.limits)}
              {user.limits.refusal && (
                <Badge tone="warning">
                  {t(
                    user.limits.refusal === 'ended'
                      ? 'installations.refusal.ended'
                      : 'installations.refusal.cap',
                  )}
                </Badge>
              )}
            </span>
          </span>
        }
      />
      <ShareLimitsForm user={user} />
      <Button
        variant="danger"
        icon={<UserMinus size={20} aria-hidden="true" />}
        pending={remove.isPending}
        onClick={() => void onRemove()}
        data-testid="remove-share"
      >
        {t('installations.remove')}
      </Button>
    </Screen>
  );
}
