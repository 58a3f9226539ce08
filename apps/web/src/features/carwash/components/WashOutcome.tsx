import { isMessageKey, type StationTransaction } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { moneyDetails } from '../../../lib/transaction-money.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { DetailList, type Detail } from '@stod/ui/DetailList.tsx';
import { Outcome, ReceiptLink } from '@stod/ui/Outcome.tsx';

/** A finished wash in short with its receipt, or why it ended, and where to go next. */
export function WashOutcome({
  transaction,
  stationId,
}: {
  transaction: StationTransaction;
  stationId: string;
}) {
  const { t } = useTranslation();
  const byVoucher = transaction.paidWith === 'voucher';
  const money: Detail[] = byVoucher
    ? [{ label: t('carwash.paid'), value: t('carwash.paidVoucher'), testId: 'carwash-paid' }]
    : moneyDetails(
        transaction,
        {
          held: t('carwash.held'),
          captured: t('carwash.paid'),
          fromBalance: t('carwash.fromBalance'),
          released: t('carwash.released'),
        },
        'carwash',
      );
  const home = (
    <ButtonLink to={paths.home} variant="secondary">
      {t('common.toHome')}
    </ButtonLink>
  );

  if (transaction.label === 'complete' || transaction.state === 'stopped') {
    return (
      <Outcome
        done
        testId="carwash-complete"
        title={
          transaction.state === 'stopped' ? t('carwash.stoppedTitle') : t('carwash.completeTitle')
        }
        text={<p className="text-base text-slate-700">{t('carwash.completeText')}</p>}
      >
        <DetailList
          testId="carwash-summary"
          details={[{ label: t('carwash.programme'), value: transaction.product.name }, ...money]}
        />
        <ReceiptLink
          to={transaction.receiptId ? paths.receipt(transaction.receiptId) : null}
          label={t('carwash.toReceipt')}
          comingText={t('carwash.receiptComing')}
          testId="carwash-receipt-link"
        />
        {home}
      </Outcome>
    );
  }

  const reason =
    transaction.errorKey && isMessageKey(transaction.errorKey) ? t(transaction.errorKey) : null;
  return (
    <Outcome
      done={false}
      testId="carwash-ended"
      state={transaction.state}
      title={t('carwash.endedTitle')}
      text={
        reason && (
          <p role="alert" data-testid="carwash-ended-reason" className="text-base text-slate-800">
            {reason}
          </p>
        )
      }
    >
      {!byVoucher && <DetailList testId="carwash-summary" details={money} />}
      <ButtonLink to={paths.carwashProducts(stationId)} replace data-testid="carwash-again">
        {t('carwash.tryAgain')}
      </ButtonLink>
      {home}
    </Outcome>
  );
}
