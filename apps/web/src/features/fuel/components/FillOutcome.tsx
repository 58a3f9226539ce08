import { formatCurrency, isMessageKey, type StationTransaction } from '@stod/domain';
import { CircleCheck, CircleX, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { DetailList, type Detail } from '@stod/ui/DetailList.tsx';

type MoneyKey = 'fuel.held' | 'fuel.captured' | 'fuel.fromBalance' | 'fuel.released';

/**
 * The money of a refuelling: what was held, what the card was charged, what the user's balance
 * paid, and what went back.
 */
function moneyDetails(transaction: StationTransaction, t: (key: MoneyKey) => string): Detail[] {
  const fromBalance: Detail[] =
    transaction.fromBalance > 0
      ? [
          {
            label: t('fuel.fromBalance'),
            value: formatCurrency(transaction.fromBalance),
            testId: 'fuel-from-balance',
          },
        ]
      : [];
  return [
    { label: t('fuel.held'), value: formatCurrency(transaction.held), testId: 'fuel-held' },
    {
      label: t('fuel.captured'),
      value: formatCurrency(transaction.captured),
      strong: true,
      testId: 'fuel-captured',
    },
    ...fromBalance,
    {
      label: t('fuel.released'),
      value: formatCurrency(transaction.released),
      testId: 'fuel-released',
    },
  ];
}

/** A finished refuelling: its receipt in short, or why it ended, and where to go next. */
export function FillOutcome({
  transaction,
  stationId,
}: {
  transaction: StationTransaction;
  stationId: string;
}) {
  const { t } = useTranslation();
  const completed = transaction.state === 'completed';

  if (completed) {
    const details: Detail[] = [
      {
        label: t('fuel.pricePerLitre'),
        value: formatCurrency(transaction.product.price),
      },
      ...moneyDetails(transaction, t),
    ];
    return (
      <div data-testid="fuel-complete" className="flex flex-col gap-5">
        <div className="flex items-start gap-3 px-1">
          <CircleCheck size={32} aria-hidden="true" className="shrink-0 text-emerald-700" />
          <div className="flex flex-col gap-1">
            <h2 className="text-2xl font-bold text-slate-900">{t('fuel.completeTitle')}</h2>
            <p className="text-base text-slate-700">{t('fuel.completeText')}</p>
          </div>
        </div>
        <DetailList details={details} testId="fuel-summary" />
        {transaction.receiptId ? (
          <ButtonLink
            to={paths.receipt(transaction.receiptId)}
            data-testid="fuel-receipt-link"
            icon={<ReceiptText size={20} aria-hidden="true" />}
          >
            {t('fuel.toReceipt')}
          </ButtonLink>
        ) : (
          <p role="status" className="text-center text-base text-slate-600">
            {t('fuel.receiptComing')}
          </p>
        )}
        <ButtonLink to={paths.home} variant="secondary">
          {t('common.toHome')}
        </ButtonLink>
      </div>
    );
  }

  const reason =
    transaction.errorKey && isMessageKey(transaction.errorKey) ? t(transaction.errorKey) : null;
  const cancelled = transaction.state === 'cancelled';
  return (
    <div data-testid="fuel-ended" data-state={transaction.state} className="flex flex-col gap-5">
      <div className="flex items-start gap-3 px-1">
        <CircleX size={32} aria-hidden="true" className="shrink-0 text-slate-700" />
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold text-slate-900">
            {cancelled ? t('fuel.cancelledTitle') : t('fuel.endedTitle')}
          </h2>
          {reason && (
            <p role="alert" data-testid="fuel-ended-reason" className="text-base text-slate-800">
              {reason}
            </p>
          )}
          {transaction.captured === 0 && transaction.released > 0 && (
            <p className="text-base text-slate-700">
              {t('fuel.cancelledText', { amount: formatCurrency(transaction.released) })}
            </p>
          )}
        </div>
      </div>
      <DetailList details={moneyDetails(transaction, t)} testId="fuel-summary" />
      <ButtonLink to={paths.fuelStation(stationId)} replace data-testid="fuel-again">
        {t('fuel.tryAgain')}
      </ButtonLink>
      <ButtonLink to={paths.home} variant="secondary">
        {t('common.toHome')}
      </ButtonLink>
    </div>
  );
}
