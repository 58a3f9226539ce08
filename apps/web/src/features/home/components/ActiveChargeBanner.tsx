import { ChevronRight, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chargePath, isChargeRunning, useActiveCharge } from '../../../lib/charge-query.ts';

/** While a charge runs, home asks now and then whether it still does (the socket tells sooner). */
const ACTIVE_POLL_MS = 10_000;

/** A charge in progress, at the top of home: one tap back to its screen (spec §4 "Charge"). */
export function ActiveChargeBanner() {
  const { t } = useTranslation();
  const active = useActiveCharge({ refetchInterval: ACTIVE_POLL_MS });
  const charge = active.data;
  if (!charge || !isChargeRunning(charge)) return null;
  const title =
    charge.label === 'ready'
      ? t('home.readyCharge')
      : charge.label === 'plug'
        ? t('home.plugCharge')
        : t('home.activeCharge');
  return (
    <Link
      to={chargePath(charge)}
      state={{ chargeId: charge.id }}
      data-testid="active-charge-banner"
      data-label={charge.label}
      className="flex items-center gap-4 rounded-3xl bg-emerald-400 p-4 text-slate-950 transition-[filter] hover:brightness-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <span
        aria-hidden="true"
        className="relative flex size-11 shrink-0 items-center justify-center rounded-2xl bg-slate-950/10"
      >
        <Zap size={22} />
        <span className="absolute -top-0.5 -right-0.5 size-3 animate-pulse rounded-full bg-slate-950 motion-reduce:animate-none" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-base font-semibold">{title}</span>
        <span className="line-clamp-2 text-sm">
          {t('home.activeChargeAt', {
            connector: charge.connectorId,
            installation: charge.installation.name,
          })}
        </span>
      </span>
      <ChevronRight size={22} aria-hidden="true" className="shrink-0" />
    </Link>
  );
}
