import { AppError } from '../../lib/errors.ts';

/** The refusals of a charge that more than one part of the module answers. */

export const chargeActive = () => new AppError(409, 'CHARGE_ACTIVE', 'error.chargeActive');
export const chargerUnavailable = () =>
  new AppError(409, 'CHARGER_UNAVAILABLE', 'error.chargerUnavailable');
export const chargerOffline = () => new AppError(409, 'CHARGER_OFFLINE', 'error.chargerOffline');
export const illegalState = () => new AppError(409, 'ILLEGAL_STATE', 'error.conflict');
