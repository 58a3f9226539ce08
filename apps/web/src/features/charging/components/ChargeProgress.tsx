import { formatCurrency, type Charge } from '@stod/domain';
import { PlugZap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { isChargeRunning } from '../../../lib/charge-query.ts';
import { Button } from '@stod/ui/Button.tsx';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { useInstallation } from '../api/get-installation.ts';
import { useChargeAction } from '../api/charge-actions.ts';
import { CHARGE_LABEL_KEYS, chargerNumber } from '../charge-view.ts';
import { ChargeOutcome } from './ChargeOutcome.tsx';
import { ChargeReadout } from './ChargeReadout.tsx';
import { ChargeSteps } from './ChargeSteps.tsx';
import { InstallationHeading } from './InstallationHeading.tsx';

interface Props {
  charge: Charge;
  /** When the charge on screen was received (the minutes run on from it). */
  receivedAt: number;
}

/**
 * A charge as it happens, through spec §4's labels: ready to charge (the hold, Start, Cancel),
 * plug charger into car (Cancel), charging in progress (the live figures, Stop), and charging
 * complete with the receipt.
 */
export function ChargeProgress({ charge, receivedAt }: Props) {
  const { t } = useTranslation();
  const installation = useInstallation(charge.installationId);
  const start = useChargeAction('start');
  const stop = useChargeAction('stop');
  const cancel = useChargeAction('cancel');
  const running = isChargeRunning(charge);
  const number = installation.data
    ? chargerNumber(installation.data.chargers, charge.chargerId)
    : null;

  const held = formatCurrency(charge.held);
  const askCancel = async () => {
    const confirmed = await confirmModal({
      title: t('charging.cancelConfirmTitle'),
      body: charge.own
        ? t('charging.cancelConfirmOwn')
        : t('charging.cancelConfirmText', { amount: held }),
      confirmLabel: t('charging.cancelConfirm'),
      cancelLabel: t('charging.cancelKeep'),
      danger: true,
      testId: 'charge-cancel-modal',
    });
    if (confirmed) cancel.mutate(charge.id);
  };
  const askStop = async () => {
    const confirmed = await confirmModal({
      title: t('charging.stopConfirmTitle'),
      body: t('charging.stopConfirmText'),
      confirmLabel: t('charging.stopConfirm'),
      cancelLabel: t('charging.stopKeep'),
      danger: true,
      testId: 'charge-stop-modal',
    });
    if (confirmed) stop.mutate(charge.id);
  };

  const failed = [start, stop, cancel].find((m) => m.isError);
  const ready = charge.state === 'ready' || charge.state === 'starting';
  const showsFigures =
    charge.state === 'charging' || charge.state === 'stopping' || charge.state === 'settling';
  const cancelButton = (
    <Button
      variant="secondary"
      data-testid="charge-cancel"
      pending={cancel.isPending}
      disabled={start.isPending}
      onClick={() => void askCancel()}
    >
      {t('charging.cancel')}
    </Button>
  );
  const holdLine = !charge.own && charge.held > 0 && running && (
    <p data-testid="charge-held-line" className="px-1 text-base text-slate-700 tabular-nums">
      {t('charging.held')}: <strong>{held}</strong>
    </p>
  );

  return (
    <Screen>
      <InstallationHeading
        installation={{
          name: charge.installation.name,
          access: charge.own ? 'own' : (installation.data?.access ?? 'public'),
        }}
        detail={
          <span data-testid="charge-connector">
            {t('charging.chosen', {
              charger: number ?? charge.charger.identity,
              connector: charge.connectorId,
            })}
          </span>
        }
      />
      <div
        data-testid="charge"
        data-state={charge.state}
        data-label={charge.label}
        className="contents"
      >
        <ChargeSteps charge={charge} />
        <p role="status" aria-live="polite" className="sr-only">
          {t(CHARGE_LABEL_KEYS[charge.label])}
        </p>
        {failed && (
          <Notice tone="error" testId="charge-action-error">
            {apiErrorOf(failed.error).message}
          </Notice>
        )}
        {ready && (
          <section data-testid="charge-ready" className="flex flex-col gap-4">
            <div className="flex flex-col gap-1 px-1">
              <h2 className="text-2xl font-bold text-slate-900">{t('charging.readyTitle')}</h2>
              <p className="text-base text-slate-700">{t('charging.readyText')}</p>
            </div>
            {holdLine}
            <Button
              data-testid="charge-start"
              className="min-h-14 text-lg"
              pending={start.isPending || charge.state === 'starting'}
              disabled={cancel.isPending}
              onClick={() => start.mutate(charge.id)}
            >
              {t('charging.start')}
            </Button>
            {cancelButton}
          </section>
        )}
        {charge.state === 'waiting' && (
          <section data-testid="charge-plug" className="flex flex-col gap-4">
            <div className="flex items-start gap-4 rounded-3xl bg-emerald-50 p-5 ring-1 ring-emerald-200">
              <span
                aria-hidden="true"
                className="flex size-14 shrink-0 animate-pulse items-center justify-center rounded-2xl bg-emerald-600 text-white motion-reduce:animate-none"
              >
                <PlugZap size={28} />
              </span>
              <div className="flex flex-col gap-1">
                <h2 className="text-2xl font-bold text-slate-900">{t('charging.plugTitle')}</h2>
                <p className="text-base text-slate-800">{t('charging.plugText')}</p>
              </div>
            </div>
            {holdLine}
            {cancelButton}
          </section>
        )}
        {showsFigures && <ChargeReadout charge={charge} receivedAt={receivedAt} />}
        {showsFigures && holdLine}
        {charge.state === 'charging' && (
          <Button
            variant="danger"
            data-testid="charge-stop"
            className="min-h-14 text-lg"
            pending={stop.isPending}
            onClick={() => void askStop()}
          >
            {t('charging.stop')}
          </Button>
        )}
        {charge.state === 'stopping' && (
          <p role="status" className="px-1 text-lg font-medium text-slate-900">
            {t('charging.stopping')}
          </p>
        )}
        {charge.state === 'settling' && (
          <p role="status" className="px-1 text-lg font-medium text-slate-900">
            {t('charging.settling')}
          </p>
        )}
        {!running && charge.state === 'completed' && (
          <ChargeReadout charge={charge} receivedAt={receivedAt} />
        )}
        {!running && <ChargeOutcome charge={charge} />}
      </div>
    </Screen>
  );
}
