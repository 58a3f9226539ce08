import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { useUserInstallation } from '../api/get-user-installation.ts';
import { InstallationBadges } from '../components/InstallationBadges.tsx';
import { InstallationLoadError } from '../components/InstallationLoadError.tsx';
import { InstallationSkeleton } from '../components/ListSkeleton.tsx';
import { InviteForm } from '../components/InviteForm.tsx';
import { SentInvitations } from '../components/SentInvitations.tsx';

/**
 * `/profile/installations/{id}/share`: the owner invites someone by e-mail, and sees the
 * invitations sent for this installation, withdrawing one that still waits.
 */
export function ShareScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const installation = useUserInstallation(id);

  if (installation.isError && !installation.data) {
    return (
      <InstallationLoadError
        error={installation.error}
        retrying={installation.isFetching}
        onRetry={() => void installation.refetch()}
      />
    );
  }
  if (!installation.data) {
    return (
      <Screen>
        <InstallationSkeleton label={t('common.loading')} />
      </Screen>
    );
  }
  const view = installation.data;

  return (
    <Screen>
      <StationHeading
        testId="share-heading"
        name={view.name}
        detail={<InstallationBadges installation={view} />}
      />
      {view.role === 'own' ? (
        <>
          <InviteForm installationId={view.id} />
          <SentInvitations installationId={view.id} />
        </>
      ) : (
        <Notice tone="info" testId="share-owner-only">
          {t('installations.ownerOnly')}
        </Notice>
      )}
    </Screen>
  );
}
