import { PlugZap } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useInstallation } from '../api/get-installation.ts';
import { ActiveChargeNotice } from '../components/ActiveChargeNotice.tsx';
import { ConnectorGrid, ConnectorLegend } from '../components/ConnectorGrid.tsx';
import { InstallationHeading } from '../components/InstallationHeading.tsx';
import { InstallationLoadError } from '../components/InstallationLoadError.tsx';
import { chargeScreenPath } from '../selection.ts';

/**
 * `/charging/installations/{id}`: the installation's chargers and their connectors with live
 * status, read again every few seconds while the screen is shown. A free connector leads to the
 * charge screen with it chosen.
 */
export function InstallationScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const installation = useInstallation(id, { live: true });
  const headingId = useId();

  if (installation.isError && !installation.data) {
    return <InstallationLoadError error={installation.error} />;
  }
  if (!installation.data) return <InstallationSkeleton label={t('common.loading')} />;
  const view = installation.data;

  return (
    <Screen>
      <InstallationHeading installation={view} />
      <ActiveChargeNotice />
      {view.chargers.length === 0 ? (
        <EmptyCard
          icon={<PlugZap size={26} />}
          title={t('charging.noChargersTitle')}
          text={t('charging.noChargersText')}
        />
      ) : (
        <section aria-labelledby={headingId} className="flex flex-col gap-3">
          <div className="flex flex-col gap-1 px-1">
            <h2
              id={headingId}
              className="text-sm font-semibold tracking-wide text-slate-600 uppercase"
            >
              {t('charging.chargers')}
            </h2>
            <p className="text-base text-slate-700">{t('charging.chargersHint')}</p>
          </div>
          <ConnectorLegend />
          <ConnectorGrid
            installation={view}
            onSelect={(choice) => void navigate(chargeScreenPath(view.id, choice))}
          />
        </section>
      )}
    </Screen>
  );
}

function InstallationSkeleton({ label }: { label: string }) {
  return (
    <Screen>
      <div role="status" aria-label={label} className="flex flex-col gap-4">
        <Skeleton className="h-7 w-56" />
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-48 w-full rounded-3xl" />
        <Skeleton className="h-48 w-full rounded-3xl" />
      </div>
    </Screen>
  );
}
