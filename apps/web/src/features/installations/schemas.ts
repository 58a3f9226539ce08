import {
  formatCurrency,
  kronerInputOf,
  parseKroner,
  SHARE_CAP_MAX_KWH,
  SHARE_PRICE_MAX_ORE,
  shareEndsAtOf,
  shareLastDayOf,
  type InstallationUser,
  type ShareLimits,
} from '@stod/domain';
import { z } from 'zod';
import { groupThousands } from './format.ts';

/**
 * The share's limits as the owner types them: the last day (empty: no end), whole kWh a month
 * (empty: no cap) and the price per kWh in kroner ('1,50'). The form's output is what
 * PATCH /installations/users/{id} takes: the end as an instant, the price in øre.
 */
export const shareLimitsFormSchema = z
  .object({
    lastDay: z
      .string()
      .trim()
      .refine((v) => v === '' || shareEndsAtOf(v) !== null, 'installations.form.dateInvalid'),
    monthlyKwhCap: z
      .string()
      .trim()
      .refine(
        (v) =>
          v === '' || (/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= SHARE_CAP_MAX_KWH),
        'installations.form.capInvalid',
      ),
    price: z
      .string()
      .trim()
      .refine((v) => {
        const ore = v === '' ? 0 : parseKroner(v);
        return ore !== null && ore <= SHARE_PRICE_MAX_ORE;
      }, 'installations.form.priceInvalid'),
  })
  .transform((v): ShareLimits => ({
    endsAt: v.lastDay === '' ? null : shareEndsAtOf(v.lastDay),
    monthlyKwhCap: v.monthlyKwhCap === '' ? null : Number(v.monthlyKwhCap),
    pricePerKwh: v.price === '' ? 0 : (parseKroner(v.price) ?? 0),
  }));

export type ShareLimitsFormInput = z.input<typeof shareLimitsFormSchema>;

/** The form filled with the share's limits as they stand. */
export function shareLimitsFormValues(limits: InstallationUser['limits']): ShareLimitsFormInput {
  return {
    lastDay: limits.endsAt === null ? '' : shareLastDayOf(limits.endsAt),
    monthlyKwhCap: limits.monthlyKwhCap === null ? '' : String(limits.monthlyKwhCap),
    price: kronerInputOf(limits.pricePerKwh),
  };
}

/** The values the form's messages name. */
export const shareFormLimits = {
  maxCap: groupThousands(SHARE_CAP_MAX_KWH),
  maxPrice: formatCurrency(SHARE_PRICE_MAX_ORE),
};
