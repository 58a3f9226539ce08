import { formatCurrency, type StationTransaction } from '@stod/domain';
import type { Detail } from '@stod/ui/DetailList.tsx';

/** The labels of a transaction's money, in the flow's own words. */
export interface MoneyLabels {
  held: string;
  captured: string;
  fromBalance: string;
  released: string;
}

/**
 * The money of a refuelling or a wash paid by card: what was held, what the card was charged
 * (the figure that matters, in bold), what the user's balance paid, and what went back. The
 * test ids are the flow's: `fuel-held`, `carwash-captured` and so on.
 */
export function moneyDetails(
  transaction: StationTransaction,
  labels: MoneyLabels,
  testIdPrefix: string,
): Detail[] {
  const fromBalance: Detail[] =
    transaction.fromBalance > 0
      ? [
          {
            label: labels.fromBalance,
            value: formatCurrency(transaction.fromBalance),
            testId: `${testIdPrefix}-from-balance`,
          },
        ]
      : [];
  return [
    {
      label: labels.held,
      value: formatCurrency(transaction.held),
      testId: `${testIdPrefix}-held`,
    },
    {
      label: labels.captured,
      value: formatCurrency(transaction.captured),
      strong: true,
      testId: `${testIdPrefix}-captured`,
    },
    ...fromBalance,
    {
      label: labels.released,
      value: formatCurrency(transaction.released),
      testId: `${testIdPrefix}-released`,
    },
  ];
}
