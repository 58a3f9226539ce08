import { paths } from '../../lib/paths.ts';

/** The order screen (`/food-order/order`) for one order; without an id it shows the newest. */
export const orderPath = (orderId: string) =>
  `${paths.foodOrderPlaced}?id=${encodeURIComponent(orderId)}`;
