import { formatCurrency, type StationTransaction } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { useAnnouncement } from '../../../lib/use-announcement.ts';
import { formatLitres } from '../format.ts';
import { FUEL_LABEL_KEYS } from '../labels.ts';

/** Screen readers hear the litres at most this often while the pump runs. */
const ANNOUNCE_EVERY_MS = 10_000;

/**
 * The pump's own display, large: litres and kroner so far. The figures change twice a second,
 * so they are not a live region themselves; a quiet one beside them says them now and then.
 */
export function FillReadout({
  transaction,
  color,
}: {
  transaction: StationTransaction;
  color: string;
}) {
  const { t } = useTranslation();
  const litres = formatLitres(transaction.litres);
  const amount = formatCurrency(transaction.amount);
  const label = t(FUEL_LABEL_KEYS[transaction.label]);
  const reading = t('fuel.liveReading', { litres, amount });
  const announced = useAnnouncement(
    transaction.state === 'fuelling' ? `${label}. ${reading}` : label,
    transaction.state,
    ANNOUNCE_EVERY_MS,
  );

  return (
    <div
      data-testid="fuel-readout"
      data-state={transaction.state}
      className="relative overflow-hidden rounded-3xl bg-night px-6 pt-7 pb-6 text-white"
    >
      <span
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-1.5"
        style={{ backgroundColor: color }}
      />
      <dl className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <dt className="text-sm font-semibold tracking-wide text-slate-300 uppercase">
            {t('fuel.litres')}
          </dt>
          <dd className="flex items-baseline gap-2">
            <span
              data-testid="fuel-litres"
              className="text-7xl leading-none font-bold tracking-tight tabular-nums"
            >
              {litres}
            </span>
            <span className="text-2xl font-semibold text-slate-300">{t('fuel.litresUnit')}</span>
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm font-semibold tracking-wide text-slate-300 uppercase">
            {t('fuel.amount')}
          </dt>
          <dd
            data-testid="fuel-amount"
            className="text-4xl leading-none font-bold tracking-tight tabular-nums"
          >
            {amount}
          </dd>
        </div>
      </dl>
      <p role="status" aria-live="polite" className="sr-only" data-testid="fuel-announcement">
        {announced}
      </p>
    </div>
  );
}
