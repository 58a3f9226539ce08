import { formatCurrency, isMessageKey, type Charge } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { DetailList, type Detail } from '@stod/ui/DetailList.tsx';
import { Outcome } from '@stod/ui/Outcome.tsx';
import { ChargeReceipt } from './ChargeReceipt.tsx';

/** The money of a charge that is over: what was held, charged to the card and released. */
function moneyOf(charge: Charge, labels: { held: string; captured: string; released: string }) {
  if (charge.own) return [];
  const details: Detail[] = [
    { label: labels.held, value: formatCurrency(charge.held), testId: 'charge-held' },
  ];
  if (charge.captured > 0) {
    details.push({
      label: labels.captured,
      value: formatCurrency(charge.captured),
      strong: true,
      testId: 'charge-captured',
    });
  }
  if (charge.released > 0) {
    details.push({
      label: labels.released,
      value: formatCurrency(charge.released),
      testId: 'charge-released',
    });
  }
  return details;
}

/** A charge that is over: its receipt, or why it ended, and where to go next. */
export function ChargeOutcome({ charge }: { charge: Charge }) {
  const { t } = useTranslation();
  const money = moneyOf(charge, {
    held: t('charging.held'),
    captured: t('charging.captured'),
    released: t('charging.released'),
  });
  const home = (
    <ButtonLink to={paths.home} variant="secondary">
      {t('common.toHome')}
    </ButtonLink>
  );

  if (charge.state === 'completed' || charge.state === 'settling') {
    return (
      <Outcome
        done
        testId="charge-complete"
        state={charge.state}
        title={t('charging.completeTitle')}
        text={
          // Stopped by the watchdog after energy stopped flowing: why, not a plain "complete".
          charge.errorKey === 'error.noEnergy' ? (
            <p role="alert" data-testid="charge-ended-reason" className="text-base text-slate-800">
              {t('error.noEnergy')}
            </p>
          ) : (
            <p className="text-base text-slate-700">{t('charging.completeText')}</p>
          )
        }
      >
        {money.length > 0 && <DetailList details={money} testId="charge-summary" />}
        {charge.receiptId ? (
          <ChargeReceipt receiptId={charge.receiptId} />
        ) : (
          <p role="status" className="text-center text-base text-slate-600">
            {t('charging.receiptComing')}
          </p>
        )}
        {home}
      </Outcome>
    );
  }

  const reason = charge.errorKey && isMessageKey(charge.errorKey) ? t(charge.errorKey) : null;
  const cancelled = charge.state === 'cancelled';
  return (
    <Outcome
      done={false}
      testId="charge-ended"
      state={charge.state}
      title={cancelled ? t('charging.cancelledTitle') : t('charging.failedTitle')}
      text={
        <>
          {reason && (
            <p role="alert" data-testid="charge-ended-reason" className="text-base text-slate-800">
              {reason}
            </p>
          )}
          {!charge.own && charge.captured === 0 && charge.released > 0 && (
            <p className="text-base text-slate-700">
              {t('charging.cancelledText', { amount: formatCurrency(charge.released) })}
            </p>
          )}
        </>
      }
    >
      {money.length > 0 && <DetailList details={money} testId="charge-summary" />}
      <ButtonLink
        to={paths.chargingInstallation(charge.installationId)}
        replace
        data-testid="charge-again"
      >
        {t('charging.again')}
      </ButtonLink>
      {home}
    </Outcome>
  );
}
