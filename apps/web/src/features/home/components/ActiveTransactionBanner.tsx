import { Car, ChevronRight, Fuel, OctagonPause } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  isRunning,
  transactionPath,
  useActiveTransaction,
} from '../../../lib/station-transactions.ts';

/** While a refuelling or a wash runs, home asks now and then whether it still does. */
const ACTIVE_POLL_MS = 10_000;

/**
 * A refuelling or a wash in progress, at the top of home: one tap back to its screen. A stopped
 * wash shows here too, with the way to the staff who can resume it; its screen opens only from here.
 */
export function ActiveTransactionBanner() {
  const { t } = useTranslation();
  const active = useActiveTransaction({ refetchInterval: ACTIVE_POLL_MS });
  const transaction = active.data;
  if (!transaction || !isRunning(transaction)) return null;
  const fuel = transaction.service === 'fuel';
  // A stopped wash waits for staff: amber, no pulse, and where to find them.
  const stopped = transaction.state === 'stopped';
  const Icon = fuel ? Fuel : stopped ? OctagonPause : Car;
  const title = fuel
    ? t('home.activeFuel')
    : stopped
      ? t('home.stoppedCarwash')
      : t('home.activeCarwash');
  const where = t(fuel ? 'home.activeFuelAt' : 'home.activeCarwashAt', {
    station: transaction.stationName,
    point: transaction.point,
  });
  return (
    <Link
      to={transactionPath(transaction)}
      data-testid="active-transaction-banner"
      data-service={transaction.service}
      data-state={transaction.state}
      className={`flex items-center gap-4 rounded-3xl p-4 text-slate-950 transition-[filter] hover:brightness-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white ${stopped ? 'bg-amber-300' : 'bg-emerald-400'}`}
    >
      <span
        aria-hidden="true"
        className="relative flex size-11 shrink-0 items-center justify-center rounded-2xl bg-slate-950/10"
      >
        <Icon size={22} />
        {!stopped && (
          <span className="absolute -top-0.5 -right-0.5 size-3 animate-pulse rounded-full bg-slate-950 motion-reduce:animate-none" />
        )}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-base font-semibold">{title}</span>
        <span className="line-clamp-2 text-sm">{where}</span>
        {stopped && (
          <span data-testid="stopped-wash-staff" className="mt-1 text-sm font-medium">
            {t('home.stoppedCarwashStaff')}
          </span>
        )}
      </span>
      <ChevronRight size={22} aria-hidden="true" className="shrink-0" />
    </Link>
  );
}
