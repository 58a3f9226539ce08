import { cn } from '@stod/ui/cn.ts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { byColumn, type KitchenColumn, type KitchenOrder } from '../lib/kitchen.ts';
import { ARRIVAL_HIGHLIGHT_MS } from '../lib/kitchen-arrivals.ts';
import type { OnProblem } from './KitchenDialogs.tsx';
import { KitchenOrderCard } from './KitchenOrderCard.tsx';

const accents: Record<KitchenColumn, string> = {
  new: 'border-amber-500',
  cooking: 'border-sky-600',
  ready: 'border-emerald-600',
  done: 'border-slate-500',
};

function Count({ n }: { n: number }) {
  return (
    <span className="min-w-9 rounded-full bg-night px-2.5 py-0.5 text-center text-lg text-white tabular-nums">
      {n}
    </span>
  );
}

function Column({
  kind,
  count,
  action,
  children,
}: {
  kind: KitchenColumn;
  count: number;
  /** A button beside the title (the Done column's hide). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid={`column-${kind}`}
      className={cn('flex min-w-0 flex-col gap-3 border-t-8 pt-2 landscape:min-h-0', accents[kind])}
    >
      <div className="flex min-h-12 items-center justify-between gap-2 px-1">
        <h2
          id={titleId}
          className="flex items-center gap-2 text-xl font-bold tracking-wide text-slate-900 uppercase"
        >
          {t(`kitchen.column.${kind}`)}
          <Count n={count} />
        </h2>
        {action}
      </div>
      {count === 0 ? (
        <p className="px-1 text-base text-slate-700">{t(`kitchen.empty.${kind}`)}</p>
      ) : (
        // Tickets side by side as the column's width allows. In landscape each column scrolls by
        // itself (a keyboard can scroll it too); in portrait the columns are bands, one under
        // another, and the board scrolls.
        <ul
          tabIndex={0}
          aria-labelledby={titleId}
          className="-mx-1 grid grid-cols-[repeat(auto-fill,minmax(min(100%,16rem),1fr))] content-start items-start gap-3 px-1 pt-1 pb-3 focus-visible:outline-3 focus-visible:outline-brand landscape:min-h-0 landscape:flex-1 landscape:overflow-y-auto"
        >
          {children}
        </ul>
      )}
    </section>
  );
}

const toggleClasses =
  'flex min-h-12 items-center gap-1 rounded-xl bg-white px-3 text-base font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand';

/**
 * The orders in columns New, In progress and Ready, and the finished ones in a Done column kept
 * folded away until asked for.
 */
export function KitchenBoard({
  orders,
  stationId,
  now,
  arrived,
  onProblem,
}: {
  orders: readonly KitchenOrder[];
  stationId: number;
  now: number;
  arrived: ReadonlyMap<string, number>;
  onProblem: OnProblem;
}) {
  const { t } = useTranslation();
  const doneId = useId();
  const [showDone, setShowDone] = useState(false);
  const columns = byColumn(orders);
  const card = (order: KitchenOrder) => {
    const at = arrived.get(order.id);
    const highlighted =
      order.state === 'placed' && at !== undefined && at > now - ARRIVAL_HIGHLIGHT_MS;
    return (
      <KitchenOrderCard
        key={order.id}
        order={order}
        stationId={stationId}
        now={now}
        highlighted={highlighted}
        onProblem={onProblem}
      />
    );
  };
  // The columns share the width by how much they hold: an empty one keeps a narrow strip, a
  // full one room for tickets side by side.
  const share = (n: number) =>
    n === 0 ? 'minmax(9rem,0.6fr)' : `minmax(0,${String(Math.min(n, 3))}fr)`;
  const template = [
    share(columns.new.length),
    share(columns.cooking.length),
    share(columns.ready.length),
    showDone ? 'minmax(0,1fr)' : 'auto',
  ].join(' ');
  return (
    <div
      data-testid="kitchen-board"
      className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto landscape:grid landscape:gap-3 landscape:overflow-visible landscape:[grid-template-columns:var(--columns)]"
      style={{ '--columns': template } as CSSProperties}
    >
      {(['new', 'cooking', 'ready'] as const).map((kind) => (
        <Column key={kind} kind={kind} count={columns[kind].length}>
          {columns[kind].map(card)}
        </Column>
      ))}
      {showDone ? (
        <div id={doneId} className="flex min-h-0 min-w-0 flex-col">
          <Column
            kind="done"
            count={columns.done.length}
            action={
              <button
                type="button"
                aria-expanded="true"
                aria-controls={doneId}
                aria-label={t('kitchen.hideDoneLabel')}
                className={toggleClasses}
                onClick={() => setShowDone(false)}
              >
                {t('kitchen.hideDone')}
                <ChevronRight size={20} aria-hidden="true" />
              </button>
            }
          >
            {columns.done.map(card)}
          </Column>
        </div>
      ) : (
        <section
          aria-label={t('kitchen.column.done')}
          data-testid="column-done"
          className="flex flex-row flex-wrap items-center gap-3 border-t-8 border-slate-500 pt-2 landscape:w-32 landscape:flex-col"
        >
          <h2 className="flex min-h-12 items-center text-xl font-bold tracking-wide text-slate-900 uppercase">
            {t('kitchen.column.done')}
          </h2>
          <Count n={columns.done.length} />
          <button
            type="button"
            aria-expanded="false"
            aria-label={t('kitchen.showDoneLabel')}
            className={toggleClasses}
            onClick={() => setShowDone(true)}
          >
            <ChevronLeft size={20} aria-hidden="true" />
            {t('kitchen.showDone')}
          </button>
        </section>
      )}
    </div>
  );
}
