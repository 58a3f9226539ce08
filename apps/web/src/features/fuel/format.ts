/** Litres as the pump shows them: two decimals after a comma, '23,45'. */
export function formatLitres(litres: number | null): string {
  return (litres ?? 0).toFixed(2).replace('.', ',');
}
