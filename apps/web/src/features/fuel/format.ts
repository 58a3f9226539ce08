/**
 * Litres as the pump shows them while it runs, two decimals after a comma ('23,45'), or to the
 * millilitre the pump reported once the fill is done ('23,457'): litres × price then adds up to
 * what was charged.
 */
export function formatLitres(litres: number | null, digits: 2 | 3 = 2): string {
  return (litres ?? 0).toFixed(digits).replace('.', ',');
}
