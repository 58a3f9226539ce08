import { formatCurrency, type Charge } from '@stod/domain';
import { PlugZap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { chargePath, isChargeRunning } from '../../../lib/charge-query.ts';
import { paths } from '../../../lib/paths.ts';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { DetailList, type Detail } from '@stod/ui/DetailList.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { ReceiptLink } from '@stod/ui/Outcome.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useChargeAction } from '../api/charge-actions.ts';
import { CHARGE_LABEL_KEYS, formatKwh, leavesForUnavailable } from '../charge-view.ts';
import { useFollowedCharge, type ChargeFollowState } from '../use-followed-charge.ts';

/**
 * `/charging/installations/{id}/unavailable`: the charger became unavailable, reserved or faulty
 * (spec §8). The charge it concerns is still followed: its state, its figures, its receipt once
 * it completes, or the way back to it when the charger recovers.
 */
export function UnavailableScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const followed = useFollowedCharge(id);
  const loading = followed.pending || (followed.id !== null && followed.live.isPending);

  return (
    <Screen>
      <div
        data-testid="charger-unavailable"
        className="flex flex-col items-center gap-4 pt-6 text-center"
      >
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-3xl bg-amber-100 text-amber-900"
        >
          <PlugZap size={30} />
        </span>
        <h2 className="text-xl font-semibold text-slate-900" data-testid="charger-unavailable-text">
          {t('error.chargerUnavailable')}
        </h2>
        <p className="max-w-xs text-base text-slate-700">{t('charging.unavailableHint')}</p>
      </div>
      {loading ? (
        <Skeleton className="h-40 w-full rounded-3xl" />
      ) : followed.charge ? (
        <ChargeState charge={followed.charge} />
      ) : (
        <p className="text-center text-base text-slate-600" data-testid="charger-unavailable-none">
          {t('charging.noCharge')}
        </p>
      )}
      <ButtonLink
        to={paths.chargingInstallation(id)}
        replace
        // Beside a charge's own way on (the receipt, the stop, back to the charge) it is second.
        variant={followed.charge ? 'secondary' : 'primary'}
        data-testid="charger-unavailable-back"
      >
        {t('charging.toInstallation')}
      </ButtonLink>
    </Screen>
  );
}

function ChargeState({ charge }: { charge: Charge }) {
  const { t } = useTranslation();
  const stop = useChargeAction('stop');
  const cancel = useChargeAction('cancel');
  const running = isChargeRunning(charge);
  const recovered = running && !leavesForUnavailable(charge);
  const failed = [stop, cancel].find((m) => m.isError);
  const back: ChargeFollowState = { chargeId: charge.id };
  const details: Detail[] = [
    {
      label: t('charging.charged'),
      value: `${formatKwh(charge.kwh)} kWh`,
      testId: 'unavailable-kwh',
    },
    {
      label: t('charging.amount'),
      value: formatCurrency(charge.amount),
      strong: true,
      testId: 'unavailable-amount',
    },
  ];
  if (!charge.own && charge.held > 0) {
    details.push({
      label: t('charging.held'),
      value: formatCurrency(charge.held),
      testId: 'unavailable-held',
    });
  }
  // Once it ended: what the card was charged and what went back, as after any charge.
  if (!charge.own && !running && charge.held > 0) {
    details.push(
      {
        label: t('charging.captured'),
        value: formatCurrency(charge.captured),
        testId: 'unavailable-captured',
      },
      {
        label: t('charging.released'),
        value: formatCurrency(charge.released),
        testId: 'unavailable-released',
      },
    );
  }

  return (
    <section
      aria-labelledby="unavailable-charge"
      data-testid="unavailable-charge"
      data-state={charge.state}
      className="flex flex-col gap-3"
    >
      <div className="flex items-baseline justify-between gap-3 px-1">
        <h3
          id="unavailable-charge"
          className="text-sm font-semibold tracking-wide text-slate-600 uppercase"
        >
          {t('charging.chargeState')}
        </h3>
        <p
          role="status"
          data-testid="unavailable-label"
          className="text-base font-semibold text-slate-900"
        >
          {t(CHARGE_LABEL_KEYS[charge.label])}
        </p>
      </div>
      <DetailList details={details} testId="unavailable-figures" />
      {failed && (
        <Notice tone="error" testId="unavailable-action-error">
          {apiErrorOf(failed.error).message}
        </Notice>
      )}
      {charge.state === 'completed' && (
        <ReceiptLink
          to={charge.receiptId ? paths.receipt(charge.receiptId) : null}
          label={t('charging.openReceipt')}
          comingText={t('charging.receiptComing')}
          testId="unavailable-receipt-link"
        />
      )}
      {recovered && (
        <ButtonLink
          to={chargePath(charge)}
          state={back}
          replace
          data-testid="unavailable-back-to-charge"
        >
          {t('charging.backToCharge')}
        </ButtonLink>
      )}
      {!recovered && charge.state === 'charging' && (
        <Button variant="danger" pending={stop.isPending} onClick={() => stop.mutate(charge.id)}>
          {t('charging.stop')}
        </Button>
      )}
      {!recovered && ['ready', 'starting', 'waiting'].includes(charge.state) && (
        <Button
          variant="secondary"
          pending={cancel.isPending}
          onClick={() => cancel.mutate(charge.id)}
        >
          {t('charging.cancel')}
        </Button>
      )}
    </section>
  );
}
