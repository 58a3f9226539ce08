import type { UserInstallation } from '@stod/domain';
import { ListChecks, PlugZap, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';
import { ListGroup, ListItem } from '@stod/ui/ListItem.tsx';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { Screen } from '@stod/ui/Screen.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useUserInstallation } from '../api/get-user-installation.ts';
import { useRemoveShare } from '../api/remove-share.ts';
import { ChargerStatusList } from '../components/ChargerStatusList.tsx';
import { EarningsSection } from '../components/EarningsSection.tsx';
import { InstallationBadges } from '../components/InstallationBadges.tsx';
import { InstallationLoadError } from '../components/InstallationLoadError.tsx';
import { InstallationSkeleton } from '../components/ListSkeleton.tsx';
import { PublicChoice } from '../components/PublicChoice.tsx';
import { SharedAccess } from '../components/SharedAccess.tsx';
import { UsersSection } from '../components/UsersSection.tsx';

/**
 * `/profile/installations/{id}`: the chargers with their live state (read again every few
 * seconds, as the charging screens do), the way to charge here and to the charges. The owner
 * also opens it to the public or not, sees who has access with their limits, and the month's
 * earnings with its statement; a shared user sees their limits and may leave.
 */
export function InstallationScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const installation = useUserInstallation(id, { live: true });

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
  const own = view.role === 'own';

  return (
    <Screen>
      <StationHeading
        testId="my-installation-heading"
        name={view.name}
        detail={<InstallationBadges installation={view} />}
      />
      {!own && view.limits && <SharedPart installation={view} limits={view.limits} />}
      <Section title={t('charging.chargers')} testId="installation-chargers">
        {view.chargers.length === 0 ? (
          <EmptyCard
            icon={<PlugZap size={26} />}
            title={t('charging.noChargersTitle')}
            text={t('charging.noChargersText')}
          />
        ) : (
          <>
            <p className="px-1 text-sm text-slate-700">{t('installations.chargersHint')}</p>
            <ChargerStatusList chargers={view.chargers} />
          </>
        )}
      </Section>
      <ListGroup>
        <ListItem
          to={paths.chargingInstallation(view.id)}
          label={t('installations.chargeHere')}
          icon={<Zap size={20} />}
        />
        <ListItem
          to={paths.installationCharges(view.id)}
          label={t('installations.charges')}
          description={own ? t('installations.chargesAll') : t('installations.chargesMine')}
          icon={<ListChecks size={20} />}
        />
      </ListGroup>
      {own && (
        <>
          <PublicChoice installation={view} />
          <UsersSection installationId={view.id} />
          <EarningsSection installationId={view.id} />
        </>
      )}
    </Screen>
  );
}

type Shared = UserInstallation & { shareId?: string | null | undefined };

/** A shared user's limits, and leaving with a confirmation. */
function SharedPart({
  installation,
  limits,
}: {
  installation: Shared;
  limits: NonNullable<UserInstallation['limits']>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useRemoveShare();
  const shareId = installation.shareId ?? null;

  const leave = async () => {
    if (!shareId) return;
    const confirmed = await confirmModal({
      title: t('installations.leaveConfirmTitle', { name: installation.name }),
      body: t('installations.leaveConfirmText'),
      confirmLabel: t('installations.leaveConfirm'),
      danger: true,
      testId: 'leave-modal',
    });
    if (!confirmed) return;
    remove.mutate(shareId, {
      onSuccess: () => {
        showToast('success', t('installations.left', { name: installation.name }));
        void navigate(paths.installations, { replace: true });
      },
      onError: (error) => showToast('error', apiErrorOf(error).message),
    });
  };

  return (
    <SharedAccess
      ownerName={installation.ownerName}
      limits={limits}
      onLeave={shareId ? () => void leave() : undefined}
      leaving={remove.isPending}
    />
  );
}
