import { paths } from '../../lib/paths.ts';

/** How the wash is paid: one of the user's cards, or a car-wash voucher. */
export type WashPayment = { kind: 'card'; id: string } | { kind: 'voucher'; id: string };

/** What the products screen chose, carried to the checklist in its address (a reload keeps it). */
export interface WashSelection {
  bay: number;
  product: number;
  payment: WashPayment;
}

const positive = (value: string | null): number | null =>
  value && /^[0-9]{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `card:<id>` or `voucher:<id>`, the value of a payment choice. */
export function paymentValue(payment: WashPayment): string {
  return `${payment.kind}:${payment.id}`;
}

export function paymentFromValue(value: string | null): WashPayment | null {
  const [kind, id] = value?.split(':') ?? [];
  if (!id || !UUID.test(id)) return null;
  return kind === 'card' || kind === 'voucher' ? { kind, id } : null;
}

export function checklistPath(stationId: string | number, selection: WashSelection): string {
  const query = new URLSearchParams({
    bay: String(selection.bay),
    product: String(selection.product),
    pay: paymentValue(selection.payment),
  });
  return `${paths.carwashChecklist(stationId)}?${query.toString()}`;
}

export function selectionFromSearch(search: URLSearchParams): WashSelection | null {
  const bay = positive(search.get('bay'));
  const product = positive(search.get('product'));
  const payment = paymentFromValue(search.get('pay'));
  return bay === null || product === null || payment === null ? null : { bay, product, payment };
}

/** The attempt a start belongs to: a retry of the same choice reuses its idempotency key. */
export function attemptScope(stationId: number, selection: WashSelection): string {
  return `wash:${String(stationId)}:${String(selection.bay)}:${String(selection.product)}:${paymentValue(selection.payment)}`;
}
