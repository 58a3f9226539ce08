import {
  formatCurrency,
  formatDate,
  formatDecimal,
  formatKwhOfWh,
  formatTime,
  type Locale,
  type ServerMessageKey,
  translateServer,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { notify } from './service.ts';

/**
 * The moments the app tells a customer of by push (issue: charged, charger faulted, food accepted
 * and ready, a receipt after a lost pump connection, an invitation, a refused renewal). Each is
 * keyed by its object, so an event announced twice sends once, and each opens its own screen.
 */

type Params = Record<string, string>;
const texts =
  (name: string, params: Params) =>
  (locale: Locale): { title: string; body: string } => ({
    title: translateServer(`push.${name}.title` as ServerMessageKey, locale, params),
    body: translateServer(`push.${name}.body` as ServerMessageKey, locale, params),
  });

export const chargeComplete = (
  ctx: ServiceContext,
  charge: {
    id: string;
    userId: string;
    installationId: string;
    installationName: string;
    energyWh: number;
    amount: number;
  },
) =>
  notify(ctx, {
    userId: charge.userId,
    kind: 'chargeComplete',
    key: `chargeComplete:${charge.id}`,
    url: `/charging/installations/${charge.installationId}/charge`,
    texts: texts('chargeComplete', {
      installation: charge.installationName,
      kwh: formatKwhOfWh(charge.energyWh),
      amount: formatCurrency(charge.amount),
    }),
  });

/** A paid charge the zero-energy watchdog stopped: told under the charger-fault switch. */
export const chargeNoEnergy = (
  ctx: ServiceContext,
  charge: {
    id: string;
    userId: string;
    installationId: string;
    installationName: string;
    minutes: number;
  },
) =>
  notify(ctx, {
    userId: charge.userId,
    kind: 'chargerFaulted',
    key: `chargeNoEnergy:${charge.id}`,
    url: `/charging/installations/${charge.installationId}/charge`,
    texts: texts('chargeNoEnergy', {
      installation: charge.installationName,
      minutes: String(charge.minutes),
    }),
  });

export const chargerFaulted = (
  ctx: ServiceContext,
  charge: { id: string; userId: string; installationId: string; installationName: string },
) =>
  notify(ctx, {
    userId: charge.userId,
    kind: 'chargerFaulted',
    key: `chargerFaulted:${charge.id}`,
    url: `/charging/installations/${charge.installationId}/charge`,
    texts: texts('chargerFaulted', { installation: charge.installationName }),
  });

interface FoodOrder {
  id: string;
  userId: string;
  number: number;
  stationName: string;
  readyBy: Date | null;
}
const orderUrl = (id: string) => `/food-order/order?id=${encodeURIComponent(id)}`;

export const foodAccepted = (ctx: ServiceContext, order: FoodOrder) =>
  notify(ctx, {
    userId: order.userId,
    kind: 'foodAccepted',
    key: `foodAccepted:${order.id}`,
    url: orderUrl(order.id),
    texts: texts('foodAccepted', {
      number: String(order.number),
      station: order.stationName,
      time: order.readyBy ? formatTime(order.readyBy) : '',
    }),
  });

export const foodReady = (ctx: ServiceContext, order: FoodOrder) =>
  notify(ctx, {
    userId: order.userId,
    kind: 'foodReady',
    key: `foodReady:${order.id}`,
    url: orderUrl(order.id),
    texts: texts('foodReady', { number: String(order.number), station: order.stationName }),
  });

export const fuelReceipt = (
  ctx: ServiceContext,
  sale: {
    id: string;
    userId: string;
    receiptId: string;
    stationName: string;
    volumeMl: number;
    amount: number;
  },
) =>
  notify(ctx, {
    userId: sale.userId,
    kind: 'fuelReceipt',
    key: `fuelReceipt:${sale.id}`,
    url: `/profile/receipts/${sale.receiptId}`,
    texts: texts('fuelReceipt', {
      station: sale.stationName,
      litres: formatDecimal(sale.volumeMl / 1000, 2),
      amount: formatCurrency(sale.amount),
    }),
  });

export const invitation = (
  ctx: ServiceContext,
  invite: { id: string; userId: string; owner: string; installation: string },
) =>
  notify(ctx, {
    userId: invite.userId,
    kind: 'installationInvitation',
    key: `installationInvitation:${invite.id}`,
    url: '/profile/installations',
    texts: texts('invitation', { owner: invite.owner, installation: invite.installation }),
  });

export const renewalRefused = (
  ctx: ServiceContext,
  refusal: {
    subscriptionId: string;
    userId: string;
    plan: (locale: Locale) => string;
    validTo: Date;
  },
) =>
  notify(ctx, {
    userId: refusal.userId,
    kind: 'renewalRefused',
    key: `renewalRefused:${refusal.subscriptionId}:${refusal.validTo.toISOString()}`,
    url: '/profile/subscriptions',
    texts: (locale) =>
      texts('renewalRefused', { plan: refusal.plan(locale), date: formatDate(refusal.validTo) })(
        locale,
      ),
  });
