import { formatCurrency, isMessageKey, type StationTransaction } from '@stod/domain';
import { CircleCheck, CircleX, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { DetailList, type Detail } from '@stod/ui/DetailList.tsx';

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
    : [
        {
          label: t('carwash.held'),
          value: formatCurrency(transaction.held),
          testId: 'carwash-held',
        },
        {
          label: t('carwash.paid'),
          value: formatCurrency(transaction.captured),
          strong: true,
          testId: 'carwash-captured',
        },
        ...(transaction.fromBalance > 0
          ? [
              {
                label: t('carwash.fromBalance'),
                value: formatCurrency(transaction.fromBalance),
                testId: 'carwash-from-balance',
              },
            ]
          : []),
        {
          label: t('carwash.released'),
          value: formatCurrency(transaction.released),
          testId: 'carwash-released',
        },
      ];

  if (transaction.label === 'complete' || transaction.state === 'stopped') {
    return (
      <div data-testid="carwash-complete" className="flex flex-col gap-5">
        <div className="flex items-start gap-3 px-1">
          <CircleCheck size={32} aria-hidden="true" className="shrink-0 text-emerald-700" />
          <div className="flex flex-col gap-1">
            <h2 className="text-2xl font-bold text-slate-900">
              {transaction.state === 'stopped'
                ? t('carwash.stoppedTitle')
                : t('carwash.completeTitle')}
            </h2>
            <p className="text-base text-slate-700">{t('carwash.completeText')}</p>
          </div>
        </div>
        <DetailList
          testId="carwash-summary"
          details={[{ label: t('carwash.programme'), value: transaction.product.name }, ...money]}
        />
        {transaction.receiptId ? (
          <ButtonLink
            to={paths.receipt(transaction.receiptId)}
            data-testid="carwash-receipt-link"
            icon={<ReceiptText size={20} aria-hidden="true" />}
          >
            {t('carwash.toReceipt')}
          </ButtonLink>
        ) : (
          <p role="status" className="text-center text-base text-slate-600">
            {t('carwash.receiptComing')}
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
  return (
    <div data-testid="carwash-ended" data-state={transaction.state} className="flex flex-col gap-5">
      <div className="flex items-start gap-3 px-1">
        <CircleX size={32} aria-hidden="true" className="shrink-0 text-slate-700" />
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold text-slate-900">{t('carwash.endedTitle')}</h2>
          {reason && (
            <p role="alert" data-testid="carwash-ended-reason" className="text-base text-slate-800">
              {reason}
            </p>
          )}
        </div>
      </div>
      {!byVoucher && <DetailList testId="carwash-summary" details={money} />}
      <ButtonLink to={paths.carwashProducts(stationId)} replace data-testid="carwash-again">
        {t('carwash.tryAgain')}
      </ButtonLink>
      <ButtonLink to={paths.home} variant="secondary">
        {t('common.toHome')}
      </ButtonLink>
    </div>
  );
}
