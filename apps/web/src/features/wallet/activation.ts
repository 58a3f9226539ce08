import type { PaymentMethod } from '@stod/domain';

export type MethodStatus =
  { kind: 'active' } | { kind: 'activating'; remainingMs: number } | { kind: 'expired' };

function cardExpired(method: PaymentMethod, now: Date): boolean {
  const { expMonth, expYear } = method;
  if (expMonth === null || expYear === null) return false;
  const year = now.getFullYear();
  return expYear < year || (expYear === year && expMonth < now.getMonth() + 1);
}

/**
 * What a card's badge shows. The server's `isActive` was true at fetch time; while it is false,
 * a future `activeFrom` means the card is still activating (new provider cards wait 3 minutes),
 * a past expiry means it has expired, and otherwise the activation has passed since the fetch.
 */
export function methodStatus(method: PaymentMethod, now: number): MethodStatus {
  if (method.isActive) return { kind: 'active' };
  const remainingMs = Date.parse(method.activeFrom) - now;
  if (remainingMs > 0) return { kind: 'activating', remainingMs };
  if (cardExpired(method, new Date(now))) return { kind: 'expired' };
  return { kind: 'active' };
}

/** '2:05' for the time left, rounded up so that 0:00 shows only when it is over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes)}:${String(seconds).padStart(2, '0')}`;
}

/** The earliest moment any listed card finishes activating, to refetch then; null when none. */
export function nextActivationAt(methods: readonly PaymentMethod[], now: number): number | null {
  let next: number | null = null;
  for (const m of methods) {
    if (m.isActive) continue;
    const at = Date.parse(m.activeFrom);
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}
