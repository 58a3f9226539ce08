import { AlarmClock } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_TONES, type Chime } from '../lib/chime.ts';
import type { KitchenOrder } from '../lib/kitchen.ts';
import { secondsLeft, spanText, WARNING_REPEAT_MS } from '../lib/kitchen-urgency.ts';

/**
 * While an order is about to expire unanswered, the alarm's tones sound at once and again every
 * few seconds, until it is answered.
 */
export function useExpiryAlarm(expiring: readonly KitchenOrder[], chime: Chime) {
  const warning = expiring.length > 0;
  const { play } = chime;
  useEffect(() => {
    if (!warning) return;
    play(ALARM_TONES);
    const id = setInterval(() => play(ALARM_TONES), WARNING_REPEAT_MS);
    return () => clearInterval(id);
  }, [warning, play]);
}

/** Brings an order's ticket into view, its number at the top, and puts the keyboard on it. */
export function showTicket(number: number) {
  const ticket = document.querySelector<HTMLElement>(`[data-testid="order-${String(number)}"]`);
  ticket?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  ticket?.focus({ preventScroll: true });
}

/**
 * The orders about to be lost, across the top of the display: which, and how long each has. The
 * words are said once to a screen reader; the seconds tick beside them for the eye.
 */
export function ExpiryWarning({ orders, now }: { orders: readonly KitchenOrder[]; now: number }) {
  const { t } = useTranslation();
  if (orders.length === 0) return null;
  const numbers = orders.map((o) => String(o.number)).join(', ');
  return (
    <div
      data-testid="kitchen-expiring"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-red-700 px-4 py-3 text-white"
    >
      <AlarmClock size={28} aria-hidden="true" className="shrink-0" />
      <p role="alert" className="text-xl font-bold">
        {t('kitchen.expiring', { count: orders.length, numbers })}
      </p>
      <ul className="flex flex-wrap gap-2" aria-label={t('kitchen.expiringList')}>
        {orders.map((order) => (
          <li key={order.id}>
            <button
              type="button"
              onClick={() => showTicket(order.number)}
              className="flex min-h-12 items-center gap-2 rounded-xl bg-white px-3 text-lg font-bold text-red-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {t('kitchen.expiringOrder', { number: order.number })}
              <span className="tabular-nums" aria-hidden="true">
                {spanText(secondsLeft(order, now) ?? 0)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
