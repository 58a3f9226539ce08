import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isMissingCharge } from '../../../lib/charge-query.ts';
import { paths } from '../../../lib/paths.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { useInstallation } from '../api/get-installation.ts';
import { ChargeProgress } from '../components/ChargeProgress.tsx';
import { ChargeStart } from '../components/ChargeStart.tsx';
import { InstallationLoadError } from '../components/InstallationLoadError.tsx';
import { leavesForUnavailable } from '../charge-view.ts';
import { useFollowedCharge, type ChargeFollowState } from '../use-followed-charge.ts';

/**
 * `/charging/installations/{id}/charge`: the connector, the card and the hold, then the charge
 * itself from "ready to charge" to its receipt. It follows the charge the user opened, or the
 * user's unfinished one here, so a reload or a restart lands back on it. A charger that becomes
 * unavailable sends the user to the installation's unavailable screen.
 */
export function ChargeScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Spec §4: an update that finished the charge is only stored; otherwise a charger that became
  // unavailable, reserved or faulted sends the user to the installation's unavailable screen.
  const followed = useFollowedCharge(id, (charge) => {
    if (!leavesForUnavailable(charge)) return;
    const state: ChargeFollowState = { chargeId: charge.id };
    void navigate(paths.chargingUnavailable(id), { replace: true, state });
  });
  const { live } = followed;
  const following = followed.id !== null;
  // The installation is read only to open a charge; a followed charge carries what it needs.
  const installation = useInstallation(id, { live: !following });

  if (followed.pending || (following && live.isPending)) return <ChargeSkeleton />;
  if (followed.charge) {
    return <ChargeProgress charge={followed.charge} receivedAt={live.dataUpdatedAt} />;
  }
  if (following && live.isError && !isMissingCharge(live.error)) {
    return (
      <div className="flex flex-1 flex-col" data-testid="charge-load-error">
        <ErrorState
          level={2}
          title={t('charging.loadFailed')}
          action={
            <Button pending={live.isFetching} onClick={() => void live.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (installation.isError && !installation.data) {
    return <InstallationLoadError error={installation.error} />;
  }
  if (!installation.data) return <ChargeSkeleton />;
  return <ChargeStart installation={installation.data} />;
}

function ChargeSkeleton() {
  const { t } = useTranslation();
  return (
    <Screen>
      <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-4">
        <Skeleton className="h-7 w-56" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-64 w-full rounded-3xl" />
      </div>
    </Screen>
  );
}
