import { ALLERGEN_NAMES, ALLERGENS, isLocale, type PricedProduct } from '@stod/domain';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../lib/api.ts';
import type { KitchenLine } from '../lib/kitchen.ts';
import { useMenuAvailability } from '../lib/menu.ts';

/** The product's allergens as text chips, in the EU's order; nothing when it has none. */
function Allergens({ product }: { product: PricedProduct }) {
  const { t, i18n } = useTranslation();
  const names = ALLERGEN_NAMES[isLocale(i18n.language) ? i18n.language : 'fo'];
  const present = ALLERGENS.filter((a) => product.allergens.includes(a));
  if (present.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5">
      <span className="text-sm font-medium text-slate-700">{t('kitchen.allergens')}:</span>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('kitchen.allergens')}>
        {present.map((allergen) => (
          <li
            key={allergen}
            data-allergen={allergen}
            className="rounded-md bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-950 ring-1 ring-amber-500"
          >
            {names[allergen]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Ingredients added (+) and removed (−): what the cook must not miss. */
function Changes({ product }: { product: PricedProduct }) {
  const { t } = useTranslation();
  if (product.added.length === 0 && product.removed.length === 0) return null;
  return (
    <ul className="flex flex-col text-base font-semibold">
      {product.added.map((i) => (
        <li key={`+${i.id}`} className="text-emerald-800">
          <span aria-hidden="true">+ </span>
          <span className="sr-only">{t('kitchen.with')} </span>
          {i.name}
        </li>
      ))}
      {product.removed.map((i) => (
        <li key={`-${i.id}`} className="text-red-800">
          <span aria-hidden="true">− </span>
          <span className="sr-only">{t('kitchen.without')} </span>
          {i.name}
        </li>
      ))}
    </ul>
  );
}

function Quantity({ quantity }: { quantity: number }) {
  return <span className="tabular-nums">{quantity} ×&nbsp;</span>;
}

/**
 * Marks what a line ordered sold out at the station, from the ticket, once asked: the cook who
 * finds the last portion gone stops the next order where it starts, in the app.
 */
function SoldOut({ stationId, itemId, name }: { stationId: number; itemId: string; name: string }) {
  const { t } = useTranslation();
  const availability = useMenuAvailability(stationId);
  const ask = async () => {
    const sure = await confirmModal({
      title: t('kitchen.soldOutTitle', { name }),
      body: t('kitchen.soldOutText'),
      confirmLabel: t('kitchen.soldOutConfirm'),
      danger: true,
      testId: 'sold-out-dialog',
    });
    if (!sure) return;
    availability.mutate(
      { itemId, available: false },
      {
        onSuccess: () => showToast('success', t('kitchen.soldOutDone', { name })),
        onError: (error) => showToast('error', refusalOf(error) ?? t('kitchen.soldOutFailed')),
      },
    );
  };
  return (
    <button
      type="button"
      onClick={() => void ask()}
      disabled={availability.isPending}
      aria-label={t('kitchen.soldOutLabel', { name })}
      className="flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand disabled:opacity-60"
    >
      <Ban size={16} aria-hidden="true" />
      {t('kitchen.soldOut')}
    </button>
  );
}

/** A line's name, with the way to mark it sold out where that can still help. */
function LineName({ line, stationId }: { line: KitchenLine; stationId: number | null }) {
  return (
    <div className="flex items-start justify-between gap-2">
      <p className="text-lg font-semibold text-slate-900">
        <Quantity quantity={line.quantity} />
        {line.name}
      </p>
      {stationId !== null && (
        <SoldOut
          stationId={stationId}
          itemId={line.type === 'product' ? line.productId : line.offerId}
          name={line.name}
        />
      )}
    </div>
  );
}

/** One line of an order: a product, or an offer with its items nested under it. */
function Line({ line, stationId }: { line: KitchenLine; stationId: number | null }) {
  if (line.type === 'product') {
    return (
      <li className="flex flex-col gap-0.5" data-testid="order-line">
        <LineName line={line} stationId={stationId} />
        <Changes product={line} />
        <Allergens product={line} />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-1" data-testid="order-line">
      <LineName line={line} stationId={stationId} />
      <ul className="ml-1 flex flex-col gap-1.5 border-l-4 border-slate-300 pl-3">
        {line.items.map((item, i) => (
          <li key={`${item.productId}-${String(i)}`} className="flex flex-col gap-0.5">
            <p className="text-base font-semibold text-slate-900">{item.name}</p>
            <Changes product={item} />
            <Allergens product={item} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The order's lines; with a station, each may be marked sold out there. */
export function KitchenLines({
  lines,
  stationId = null,
}: {
  lines: readonly KitchenLine[];
  stationId?: number | null;
}) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2.5" aria-label={t('kitchen.items')}>
      {lines.map((line, i) => (
        <Line key={`${line.type}-${String(i)}`} line={line} stationId={stationId} />
      ))}
    </ul>
  );
}
