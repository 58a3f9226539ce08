import { formatCurrency, isMessageKey, type StationTransaction } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { moneyDetails } from '../../../lib/transaction-money.ts';
import { formatLitres } from '../format.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { DetailList } from '@stod/ui/DetailList.tsx';
import { Outcome, ReceiptLink } from '@stod/ui/Outcome.tsx';

/** A finished refuelling: its receipt in short, or why it ended, and where to go next. */
export function FillOutcome({
  transaction,
  stationId,
}: {
  transaction: StationTransaction;
  stationId: string;
}) {
  const { t } = useTranslation();
  // What was held, what the card was charged, what the user's balance paid, what went back.
  const money = moneyDetails(
    transaction,
    {
      held: t('fuel.held'),
      captured: t('fuel.captured'),
      fromBalance: t('fuel.fromBalance'),
      released: t('fuel.released'),
    },
    'fuel',
  );
  const home = (
    <ButtonLink to={paths.home} variant="secondary">
      {t('common.toHome')}
    </ButtonLink>
  );

  if (transaction.state === 'completed') {
    // The litres to the millilitre the pump measured: litres × price is what was charged.
    const details = [
      {
        label: t('fuel.litres'),
        value: `${formatLitres(transaction.litres, 3)} ${t('fuel.litresUnit')}`,
      },
      { label: t('fuel.pricePerLitre'), value: formatCurrency(transaction.product.price) },
      ...money,
    ];
    // The pump failed mid-delivery: paid for what came, the rest released, and what to do now.
    const fault = transaction.errorKey === 'error.pumpFault';
    return (
      <Outcome
        done={!fault}
        testId={fault ? 'fuel-fault' : 'fuel-complete'}
        state={fault ? 'fault' : transaction.state}
        title={fault ? t('fuel.faultTitle') : t('fuel.completeTitle')}
        text={
          fault ? (
            <>
              <p role="alert" data-testid="fuel-fault-reason" className="text-base text-slate-800">
                {t('error.pumpFault')}
              </p>
              <p className="text-base text-slate-700">
                {t('fuel.faultText', {
                  litres: formatLitres(transaction.litres, 3),
                  amount: formatCurrency(transaction.amount),
                  released: formatCurrency(transaction.released),
                })}
              </p>
            </>
          ) : (
            <p className="text-base text-slate-700">{t('fuel.completeText')}</p>
          )
        }
      >
        <DetailList details={details} testId="fuel-summary" />
        <ReceiptLink
          to={transaction.receiptId ? paths.receipt(transaction.receiptId) : null}
          label={t('fuel.toReceipt')}
          comingText={t('fuel.receiptComing')}
          testId="fuel-receipt-link"
        />
        {fault && (
          <ButtonLink
            to={paths.fuelStation(stationId)}
            replace
            variant="secondary"
            data-testid="fuel-again"
          >
            {t('fuel.tryAgain')}
          </ButtonLink>
        )}
        {home}
      </Outcome>
    );
  }

  const reason =
    transaction.errorKey && isMessageKey(transaction.errorKey) ? t(transaction.errorKey) : null;
  const cancelled = transaction.state === 'cancelled';
  return (
    <Outcome
      done={false}
      testId="fuel-ended"
      state={transaction.state}
      title={cancelled ? t('fuel.cancelledTitle') : t('fuel.endedTitle')}
      text={
        <>
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
        </>
      }
    >
      <DetailList details={money} testId="fuel-summary" />
      <ButtonLink to={paths.fuelStation(stationId)} replace data-testid="fuel-again">
        {t('fuel.tryAgain')}
      </ButtonLink>
      {home}
    </Outcome>
  );
}
