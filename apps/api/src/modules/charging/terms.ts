import {
  monthOf,
  monthRange,
  shareRefusal,
  shareRemainingWh,
  type InstallationAccess,
  type ShareRefusal,
  type TariffType,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repo.ts';

/**
 * What a charge costs the user and how far it may go, fixed when it opens: nothing at the
 * user's own installation; the share's price per kWh (free by default) and what is left of its
 * monthly cap when the owner shared it; the charger's tariff when public.
 */
export interface Terms {
  own: boolean;
  share: repo.ShareRow | null;
  /** No payment: the user's own installation, or a free share. */
  free: boolean;
  tariffType: TariffType;
  tariffPrice: number;
  /** The charger's fees at a public charge; none at the user's own or a shared installation. */
  fees: { startFee: number; idleFee: number; idleGraceMinutes: number };
  energyCapWh: number | null;
}

const NO_FEES = { startFee: 0, idleFee: 0, idleGraceMinutes: 0 };

export const refusalError = (refusal: ShareRefusal) =>
  refusal === 'ended'
    ? new AppError(403, 'SHARE_ENDED', 'error.shareEnded')
    : new AppError(422, 'SHARE_CAP_REACHED', 'error.shareCapReached');

/** The user's energy at the installation in this calendar month (Faroe time), in Wh. */
export function usedThisMonth(ctx: ServiceContext, installationId: string, userId: string) {
  const { from, to } = monthRange(monthOf(ctx.clock.now()));
  return repo.energyBetween(ctx.db, installationId, userId, from, to);
}

/** A share's limits as they stand now: the refusal a start would get, and the energy left. */
export async function shareStanding(ctx: ServiceContext, share: repo.ShareRow) {
  const used = await usedThisMonth(ctx, share.installationId, share.userId);
  const limits = {
    endsAt: share.endsAt?.toISOString() ?? null,
    monthlyKwhCap: share.monthlyKwhCap,
  };
  return {
    used,
    refusal: shareRefusal(limits, used, ctx.clock.now()),
    remainingWh: shareRemainingWh(share.monthlyKwhCap, used),
  };
}

/** The terms of a new charge, or the refusal of a share past its end date or its cap. */
export async function termsOf(
  ctx: ServiceContext,
  charger: repo.ChargerRow,
  access: InstallationAccess,
  share: repo.ShareRow | null,
): Promise<Terms> {
  if (access === 'own')
    return {
      own: true,
      share: null,
      free: true,
      tariffType: charger.tariffType,
      tariffPrice: 0,
      fees: NO_FEES,
      energyCapWh: null,
    };
  if (access === 'shared' && share) {
    const standing = await shareStanding(ctx, share);
    if (standing.refusal) throw refusalError(standing.refusal);
    return {
      own: false,
      share,
      free: share.pricePerKwh === 0,
      tariffType: 'kWh',
      tariffPrice: share.pricePerKwh,
      fees: NO_FEES,
      energyCapWh: standing.remainingWh,
    };
  }
  return {
    own: false,
    share: null,
    free: false,
    tariffType: charger.tariffType,
    tariffPrice: charger.tariffPrice,
    fees: {
      startFee: charger.startFee,
      idleFee: charger.idleFee,
      idleGraceMinutes: charger.idleGraceMinutes,
    },
    energyCapWh: null,
  };
}
