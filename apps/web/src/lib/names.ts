/**
 * Faroese alphabetical order: æ, ø and å after z. Browsers built on Chromium ship no Faroese
 * collation (they would fall back to English and sort ø as o); Danish orders those letters the
 * same way, so it stands in there. The station and charging lists sort by it.
 */
const faroese = new Intl.Collator(['fo', 'da'], { numeric: true });

export const compareNames = (a: { name: string }, b: { name: string }) =>
  faroese.compare(a.name, b.name);
