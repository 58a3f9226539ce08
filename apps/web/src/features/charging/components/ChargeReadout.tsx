import { formatCurrency, type Charge } from '@stod/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatElapsed, useSecondClock } from '../../../lib/countdown.ts';
import { useAnnouncement } from '../../../lib/use-announcement.ts';
import { CHARGE_LABEL_KEYS, formatKw, formatKwh } from '../charge-view.ts';

/** Screen readers hear the kWh at most this often while the car charges. */
const ANNOUNCE_EVERY_MS = 15_000;

interface Props {
  charge: Charge;
  /** When the charge on screen was received: the clock runs on from it between updates. */
  receivedAt: number;
}

/**
 * The charger's own display, large: kWh so far, then the time, the power and the kroner. The
 * figures change with every meter value, so they are not a live region themselves; a quiet one
 * beside them says them now and then.
 */
export function ChargeReadout({ charge, receivedAt }: Props) {
  const { t } = useTranslation();
  const charging = charge.state === 'charging';
  const now = useSecondClock(charging);
  const elapsed = useRisingSeconds(
    charge.id,
    charging ? charge.elapsedSeconds + Math.max(0, now - receivedAt) / 1000 : charge.elapsedSeconds,
  );
  const kwh = formatKwh(charge.kwh);
  const amount = formatCurrency(charge.amount);
  const label = t(CHARGE_LABEL_KEYS[charge.label]);
  const announced = useAnnouncement(
    charging ? `${label}. ${t('charging.liveReading', { kwh, amount })}` : label,
    charge.state,
    ANNOUNCE_EVERY_MS,
  );

  return (
    <div
      data-testid="charge-readout"
      data-state={charge.state}
      className="relative overflow-hidden rounded-3xl bg-night px-6 pt-7 pb-6 text-white"
    >
      <span aria-hidden="true" className="absolute inset-x-0 top-0 h-1.5 bg-emerald-400" />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-6">
        <div className="col-span-2 flex flex-col gap-1">
          <dt className="text-sm font-semibold tracking-wide text-slate-300 uppercase">
            {t('charging.charged')}
          </dt>
          <dd className="flex items-baseline gap-2">
            <span
              data-testid="charge-kwh"
              className="text-7xl leading-none font-bold tracking-tight tabular-nums"
            >
              {kwh}
            </span>
            <span className="text-2xl font-semibold text-slate-300">{t('charging.kwhUnit')}</span>
          </dd>
        </div>
        <Figure label={t('charging.elapsed')} testId="charge-elapsed">
          {formatElapsed(elapsed)}
        </Figure>
        {charge.finishedAt === null && (
          <Figure
            label={t('charging.power')}
            testId="charge-power"
            unit={t('charging.kwUnit')}
            note={
              charging && charge.powerLimitKw !== null
                ? t('charging.powerLimit', { kw: formatKw(charge.powerLimitKw) })
                : undefined
            }
          >
            {formatKw(charging ? charge.powerKw : 0)}
          </Figure>
        )}
        <Figure label={t('charging.amount')} testId="charge-amount" wide>
          {amount}
        </Figure>
      </dl>
      <p role="status" aria-live="polite" className="sr-only" data-testid="charge-announcement">
        {announced}
      </p>
    </div>
  );
}

/**
 * The charge's clock never goes back: between two updates it runs on from the last one on this
 * device's clock, and an update that reads a second behind it (rounding, a late message, the
 * server's clock against this one) waits for the clock to catch up rather than undo what was shown.
 */
function useRisingSeconds(chargeId: string, seconds: number): number {
  const [shown, setShown] = useState({ chargeId, seconds: 0 });
  const whole = Math.max(0, Math.floor(seconds));
  const same = shown.chargeId === chargeId;
  const rising = same ? Math.max(shown.seconds, whole) : whole;
  if (!same || rising !== shown.seconds) setShown({ chargeId, seconds: rising });
  return rising;
}

function Figure({
  label,
  testId,
  unit,
  note,
  wide = false,
  children,
}: {
  label: string;
  testId: string;
  unit?: string;
  /** A line under the figure: what limits it. */
  note?: string | undefined;
  /** The kroner take the whole row, a size larger. */
  wide?: boolean;
  children: string;
}) {
  return (
    <div className={wide ? 'col-span-2 flex flex-col gap-1' : 'flex flex-col gap-1'}>
      <dt className="text-sm font-semibold tracking-wide text-slate-300 uppercase">{label}</dt>
      <dd className="flex items-baseline gap-1.5">
        <span
          data-testid={testId}
          className={
            wide
              ? 'text-5xl leading-none font-bold tracking-tight tabular-nums'
              : 'text-4xl leading-none font-bold tracking-tight tabular-nums'
          }
        >
          {children}
        </span>
        {unit && <span className="text-lg font-semibold text-slate-300">{unit}</span>}
      </dd>
      {note && (
        <dd data-testid={`${testId}-note`} className="text-sm text-slate-300">
          {note}
        </dd>
      )}
    </div>
  );
}
