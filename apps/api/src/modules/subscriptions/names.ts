import { localized, type Locale } from '@stod/domain';
import type { PlanRow } from './repo.ts';

/** A plan's name in a language: the operator writes it in Faroese, and in English if it may. */
export const planName = (plan: PlanRow, locale: Locale) =>
  localized(plan.name, plan.nameEn, locale);
