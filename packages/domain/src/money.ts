/** Money is integer øre in Danish kroner; VAT is 25% and included in every price. */
export const CURRENCY = 'DKK';
export const VAT_RATE_PERCENT = 25;

/** The funds a card must hold before a refuelling starts: 750 kr. */
export const FUEL_HOLD_ORE = 750_00;

export function assertOre(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError('Amounts are whole, non-negative øre');
}

/** The VAT inside a VAT-inclusive amount, rounded to the nearest øre (25% of net = 20% of gross). */
export function vatOf(grossOre: number): number {
  assertOre(grossOre);
  // 25/125 is one fifth. Divide first so that huge amounts never leave the safe integers;
  // a remainder of 3 or 4 fifths rounds up.
  const fifth = Math.floor(grossOre / 5);
  return fifth + (grossOre - fifth * 5 >= 3 ? 1 : 0);
}
