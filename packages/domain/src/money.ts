/** Money is integer øre in Danish kroner; VAT is 25% and included in every price. */
export const CURRENCY = 'DKK';
export const VAT_RATE_PERCENT = 25;

/** The funds a card must hold before a refuelling starts (spec: 750 kr.). */
export const FUEL_HOLD_ORE = 750_00;

/** Spec §9: the owner of a public installation earns 0.2 kr. per kWh another user charges. */
export const OWNER_CREDIT_ORE_PER_KWH = 20;

/** Whole kroner of an amount in øre, as a text writes it ("750"). */
export const kroner = (ore: number) => String(Math.round(ore / 100));

/** Kroner with two decimals in a language's way: "0,20" in Faroese, "0.20" in English. */
export const kronerDecimal = (ore: number, decimalMark: ',' | '.') =>
  (ore / 100).toFixed(2).replace('.', decimalMark);

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
