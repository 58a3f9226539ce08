import { cn } from '@stod/ui/cn.ts';
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChargerConnector } from '../lib/chargers.ts';
import type { BayState, PumpState } from '../lib/station-live.ts';

type Tone = 'idle' | 'waiting' | 'running' | 'done' | 'attention' | 'broken' | 'off';

// Each tone pairs a tinted ground with its darkest text (WCAG AA); the word carries the meaning,
// the colour only helps the eye find it across a forecourt of cards.
const tones: Record<Tone, { chip: string; dot: string }> = {
  idle: { chip: 'bg-slate-100 text-slate-800 ring-slate-300', dot: 'bg-slate-500' },
  waiting: { chip: 'bg-sky-100 text-sky-900 ring-sky-300', dot: 'bg-sky-600' },
  running: { chip: 'bg-emerald-100 text-emerald-900 ring-emerald-300', dot: 'bg-emerald-600' },
  done: { chip: 'bg-indigo-100 text-indigo-900 ring-indigo-300', dot: 'bg-indigo-600' },
  attention: { chip: 'bg-amber-100 text-amber-950 ring-amber-400', dot: 'bg-amber-600' },
  broken: { chip: 'bg-red-100 text-red-900 ring-red-300', dot: 'bg-red-600' },
  off: { chip: 'bg-slate-200 text-slate-800 ring-slate-400', dot: 'bg-slate-600' },
};

const pumpTones: Record<PumpState, Tone> = {
  idle: 'idle',
  authorised: 'waiting',
  fuelling: 'running',
  finished: 'done',
  // Closed by the controller (a fault, or taken out of use at the station): red, not grey.
  inactive: 'broken',
  offline: 'broken',
};

const bayTones: Record<BayState, Tone> = {
  free: 'idle',
  ready: 'waiting',
  countdown: 'running',
  washing: 'running',
  finished: 'done',
  stopped: 'attention',
  fault: 'broken',
  offline: 'broken',
};

function Chip({ tone, state, text }: { tone: Tone; state: string; text: string }) {
  return (
    <span
      data-state={state}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold ring-1',
        tones[tone].chip,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', tones[tone].dot)} />
      {text}
    </span>
  );
}

/** What the forecourt controller says the pump is doing. */
export function PumpChip({ state }: { state: PumpState }) {
  const { t } = useTranslation();
  return <Chip tone={pumpTones[state]} state={state} text={t(`station.pumpState.${state}`)} />;
}

/** What the car-wash controller says the bay is doing. */
export function BayChip({ state }: { state: BayState }) {
  const { t } = useTranslation();
  return <Chip tone={bayTones[state]} state={state} text={t(`station.bayState.${state}`)} />;
}

const connectorTones: Record<ChargerConnector['status'], Tone> = {
  Available: 'idle',
  Preparing: 'waiting',
  Charging: 'running',
  SuspendedEVSE: 'attention',
  SuspendedEV: 'attention',
  Finishing: 'done',
  Reserved: 'waiting',
  Unavailable: 'off',
  Faulted: 'broken',
  Offline: 'broken',
};

/** What the charger last said of a connector (Offline: the charger is not connected). */
export function ConnectorChip({ status }: { status: ChargerConnector['status'] }) {
  const { t } = useTranslation();
  return <Chip tone={connectorTones[status]} state={status} text={t(`charger.status.${status}`)} />;
}

/** Whether the charger holds a connection to the backend now. */
export function OnlineChip({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      tone={online ? 'running' : 'broken'}
      state={online ? 'online' : 'offline'}
      text={t(online ? 'chargers.online' : 'chargers.offline')}
    />
  );
}

/** A charger taken out of the network: refused when it connects. */
export function DecommissionedChip() {
  const { t } = useTranslation();
  return <Chip tone="off" state="decommissioned" text={t('chargers.decommissioned')} />;
}

/** Whether a staff account may sign in, waits for its invitation, or is disabled. */
export function StaffStateChip({ state }: { state: 'active' | 'invited' | 'disabled' }) {
  const { t } = useTranslation();
  const tone = ({ active: 'running', invited: 'waiting', disabled: 'off' } as const)[state];
  return <Chip tone={tone} state={state} text={t(`staff.state.${state}`)} />;
}

/** A customer's account that support blocked. */
export function BlockedChip() {
  const { t } = useTranslation();
  return <Chip tone="broken" state="blocked" text={t('customer.blocked')} />;
}

/** What became of a payment: held, taken, given back, or let go. */
export function PaymentChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone: Tone =
    status === 'captured'
      ? 'running'
      : status === 'authorised'
        ? 'waiting'
        : status === 'refunded'
          ? 'done'
          : status === 'failed' || status === 'expired'
            ? 'broken'
            : 'off';
  return <Chip tone={tone} state={status} text={t(`payment.status.${status}`, status)} />;
}

/** The controller lost the point mid-transaction: a refuelling may run on, its receipt follows. */
export function ConnectionLostBadge() {
  const { t } = useTranslation();
  return (
    <span
      data-testid="connection-lost"
      className="inline-flex items-center gap-1.5 rounded-full bg-red-700 px-2.5 py-1 text-sm font-semibold text-white"
    >
      <WifiOff size={14} aria-hidden="true" />
      {t('station.connectionLost')}
    </span>
  );
}
