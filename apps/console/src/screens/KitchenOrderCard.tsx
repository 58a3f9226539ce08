import { formatCurrency, type FoodOrderState } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Bell, Check, PackageCheck, ShoppingBag, Undo2, Utensils, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useKitchenAction, type KitchenOrder } from '../lib/kitchen.ts';
import {
  PICKUP_WAIT_SECONDS,
  secondsLeft,
  secondsSince,
  spanText,
  urgencyOf,
  type Urgency,
} from '../lib/kitchen-urgency.ts';
import { clockText } from '../lib/use-now.ts';
import { openAcceptDialog, openRejectDialog, type OnProblem } from './KitchenDialogs.tsx';
import { KitchenLines } from './KitchenLines.tsx';

// Each state's chip: a tinted ground with its darkest text (WCAG AA); the word carries the
// meaning, the colour helps the eye across the kitchen.
const stateTones: Record<FoodOrderState, string> = {
  placing: 'bg-slate-100 text-slate-800 ring-slate-300',
  placed: 'bg-amber-100 text-amber-950 ring-amber-400',
  accepted: 'bg-sky-100 text-sky-900 ring-sky-300',
  ready: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  collected: 'bg-slate-100 text-slate-800 ring-slate-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
  expired: 'bg-red-100 text-red-900 ring-red-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
};

function StateChip({ state }: { state: FoodOrderState }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="order-state"
      data-state={state}
      className={cn(
        'inline-flex items-center rounded-full px-3 py-1 text-base font-semibold ring-1',
        stateTones[state],
      )}
    >
      {t(`kitchen.state.${state}`)}
    </span>
  );
}

function ModeChip({ mode }: { mode: KitchenOrder['mode'] }) {
  const { t } = useTranslation();
  const Icon = mode === 'dine-in' ? Utensils : ShoppingBag;
  return (
    <span
      data-testid="order-mode"
      className="inline-flex items-center gap-1.5 rounded-full bg-night px-3 py-1 text-base font-semibold text-white"
    >
      <Icon size={16} aria-hidden="true" />
      {t(`kitchen.mode.${mode}`)}
    </span>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** How long until the ready-by time, or how late it is. */
function Due({ readyBy, now }: { readyBy: string; now: number }) {
  const { t } = useTranslation();
  const minutes = Math.round((new Date(readyBy).getTime() - now) / 60_000);
  if (minutes < 0)
    return (
      <span className="block text-base font-bold text-red-800">
        {t('kitchen.late', { minutes: -minutes })}
      </span>
    );
  return (
    <span className="block text-base font-medium text-slate-700">
      {minutes === 0 ? t('kitchen.dueNow') : t('kitchen.inMinutes', { minutes })}
    </span>
  );
}

/** A new order's age, and how long it has before it expires (or is accepted by itself). */
function Countdown({ order, now }: { order: KitchenOrder; now: number }) {
  const { t } = useTranslation();
  const left = secondsLeft(order, now);
  const urgency = urgencyOf(order, now);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <p className="text-base text-slate-700 tabular-nums" data-testid="order-age">
        {t('kitchen.age', { time: spanText(secondsSince(order.createdAt, now)) })}
      </p>
      {left !== null && (
        <p
          data-testid="order-expires"
          className={cn(
            'text-lg font-bold tabular-nums',
            urgency === 'now'
              ? 'text-red-800'
              : urgency === 'soon'
                ? 'text-amber-900'
                : 'text-slate-800',
          )}
        >
          {t(order.autoAccept ? 'kitchen.autoAcceptIn' : 'kitchen.expiresIn', {
            time: spanText(left),
          })}
        </p>
      )}
    </div>
  );
}

/** Food that is ready: when it was, and how long it has waited for its customer. */
function PickupWait({ readyAt, now }: { readyAt: string; now: number }) {
  const { t } = useTranslation();
  const waited = secondsSince(readyAt, now);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <p className="text-base font-semibold text-slate-900" data-testid="order-ready-at">
        {t('kitchen.readyAt', { time: clockText(readyAt, now) })}
      </p>
      <p
        data-testid="order-waiting"
        className={cn(
          'text-lg font-bold tabular-nums',
          waited >= PICKUP_WAIT_SECONDS ? 'text-amber-900' : 'text-slate-800',
        )}
      >
        {t('kitchen.waiting', { time: spanText(waited) })}
      </p>
    </div>
  );
}

const urgencyFrames: Record<Urgency, string> = {
  calm: '',
  soon: 'bg-amber-50 ring-4 ring-amber-500',
  now: 'bg-red-50 ring-4 ring-red-600',
};

function Actions({
  order,
  stationId,
  onProblem,
}: {
  order: KitchenOrder;
  stationId: number;
  onProblem: OnProblem;
}) {
  const { t } = useTranslation();
  const action = useKitchenAction(stationId, order.id);
  const run = (kind: 'ready' | 'collected' | 'recall') =>
    action.mutate({ kind }, { onError: (error) => onProblem(order, error) });
  const props = { order, stationId, onProblem };
  if (order.state === 'placed')
    return (
      <div className="grid grid-cols-1 gap-3 @xs:grid-cols-2">
        <Button
          icon={<Check size={20} aria-hidden="true" />}
          onClick={() => openAcceptDialog(props)}
        >
          {t('kitchen.accept')}
        </Button>
        <Button
          variant="secondary"
          icon={<X size={20} aria-hidden="true" />}
          onClick={() => openRejectDialog(props)}
        >
          {t('kitchen.reject')}
        </Button>
      </div>
    );
  if (order.state === 'accepted')
    return (
      <Button
        icon={<Bell size={20} aria-hidden="true" />}
        pending={action.isPending}
        onClick={() => run('ready')}
      >
        {t('kitchen.markReady')}
      </Button>
    );
  if (order.state === 'collected')
    return (
      <Button
        variant="secondary"
        icon={<Undo2 size={20} aria-hidden="true" />}
        pending={action.isPending}
        onClick={() => run('recall')}
        aria-label={t('kitchen.recallLabel', { number: order.number })}
      >
        {t('kitchen.recall')}
      </Button>
    );
  if (order.state === 'ready')
    return (
      <Button
        icon={<PackageCheck size={20} aria-hidden="true" />}
        pending={action.isPending}
        onClick={() => run('collected')}
      >
        {t('kitchen.markCollected')}
      </Button>
    );
  return null;
}

export interface KitchenOrderCardProps {
  order: KitchenOrder;
  stationId: number;
  /** The display's clock, ticking: what 'today' and 'late' mean. */
  now: number;
  /** Arrived while the display was open, a moment ago. */
  highlighted: boolean;
  onProblem: OnProblem;
}

/** One order as the cook reads it from across the kitchen, with what can be done next. */
export function KitchenOrderCard({
  order,
  stationId,
  now,
  highlighted,
  onProblem,
}: KitchenOrderCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const finished = order.finishedAt !== null;
  const urgency = urgencyOf(order, now);
  return (
    <li
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={`order-${String(order.number)}`}
      data-highlighted={highlighted || undefined}
      data-urgency={urgency}
      className={cn(
        '@container flex scroll-mt-3 flex-col gap-3 rounded-2xl p-4 shadow-sm focus-visible:outline-3 focus-visible:outline-brand',
        urgency !== 'calm'
          ? urgencyFrames[urgency]
          : highlighted
            ? 'bg-amber-50 ring-4 ring-amber-500'
            : 'bg-white ring-1 ring-slate-200',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-5xl leading-none font-bold text-slate-900 tabular-nums">
          <span className="sr-only">{t('kitchen.order', { number: order.number })}</span>
          <span aria-hidden="true">{order.number}</span>
        </h3>
        <div className="flex flex-wrap justify-end gap-1.5">
          {highlighted && (
            <span className="rounded-full bg-amber-700 px-3 py-1 text-base font-bold text-white">
              {t('kitchen.newBadge')}
            </span>
          )}
          <StateChip state={order.state} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xl font-semibold text-slate-900" data-testid="order-customer">
          {order.customer}
        </p>
        <ModeChip mode={order.mode} />
      </div>
      {order.state === 'placed' && <Countdown order={order} now={now} />}
      {order.state === 'ready' && order.readyAt && <PickupWait readyAt={order.readyAt} now={now} />}
      {!finished && (
        <dl className="flex flex-wrap gap-x-6 gap-y-2">
          <Fact term={t('kitchen.pickup')}>
            <span data-testid="order-pickup">
              {order.asap ? t('kitchen.asap') : clockText(order.pickupAt, now)}
            </span>
          </Fact>
          {order.readyBy && order.state === 'accepted' && (
            <Fact term={t('kitchen.readyBy')}>
              <span data-testid="order-ready-by">{clockText(order.readyBy, now)}</span>
              <Due readyBy={order.readyBy} now={now} />
            </Fact>
          )}
        </dl>
      )}
      {order.rejectReason && (
        <p className="text-base font-medium text-red-900" data-testid="order-reason">
          {t('kitchen.reason', { reason: order.rejectReason })}
        </p>
      )}
      {!finished && (
        <KitchenLines
          lines={order.lines}
          stationId={order.state === 'placed' || order.state === 'accepted' ? stationId : null}
        />
      )}
      <p className="text-sm text-slate-600 tabular-nums">
        {finished && order.finishedAt ? `${clockText(order.finishedAt, now)} · ` : ''}
        {t('kitchen.total', { amount: formatCurrency(order.total) })}
      </p>
      <Actions order={order} stationId={stationId} onProblem={onProblem} />
    </li>
  );
}
