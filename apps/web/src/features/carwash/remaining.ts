import type { StationTransaction } from '@stod/domain';

/**
 * The seconds left of the countdown or the wash at `now`. The server's `remainingSeconds` holds
 * when the transaction was received (`receivedAt`, this device's clock), so the device's clock
 * counts on from there without depending on how its time differs from the server's. Without
 * seconds from the server, the countdown's end time is read directly.
 */
export function secondsLeft(
  transaction: StationTransaction,
  receivedAt: number,
  now: number,
): number | null {
  if (transaction.remainingSeconds !== null) {
    // A stopped wash waits: its seconds stand still.
    const running = transaction.state === 'countdown' || transaction.state === 'washing';
    const elapsed = running ? Math.max(0, (now - receivedAt) / 1000) : 0;
    return Math.max(0, Math.ceil(transaction.remainingSeconds - elapsed));
  }
  if (transaction.state === 'countdown' && transaction.countdownEndsAt !== null) {
    const end = Date.parse(transaction.countdownEndsAt);
    return Number.isNaN(end) ? null : Math.max(0, Math.ceil((end - now) / 1000));
  }
  return null;
}

/** How far the wash has come, from 0 to 1, by the programme's length. */
export function washProgress(transaction: StationTransaction, left: number | null): number {
  const total = transaction.durationSeconds;
  if (!total || left === null) return 0;
  return Math.min(1, Math.max(0, 1 - left / total));
}
