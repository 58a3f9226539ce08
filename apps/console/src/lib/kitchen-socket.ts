import { useStaffNotices, type SocketStatus } from './staff-socket.ts';

export type { SocketStatus };

/** What a staff socket hears when an order of one of its stations changes. */
export interface KitchenNotice {
  stationId: number;
  orderId: string;
  state: string;
}

function isNotice(value: unknown): value is KitchenNotice {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.stationId === 'number' && typeof v.orderId === 'string';
}

/**
 * The staff socket while the display is open. `onChange` runs for each notice of this station's
 * orders, and on every (re)connect, so whatever happened while the socket was down is caught up.
 */
export function useKitchenSocket(stationId: number, onChange: () => void): SocketStatus {
  return useStaffNotices(
    'kitchen.order',
    (notice) => isNotice(notice) && notice.stationId === stationId,
    onChange,
  );
}
