import { CARWASH_STOP_HOLD_MS, formatCurrency, type StationTransaction } from '@stod/domain';
import { Car, Hand, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { useSecondClock } from '../../../lib/countdown.ts';
import { FollowedTransactionScreen } from '../../../lib/followed-transaction-screen.tsx';
import { paths } from '../../../lib/paths.ts';
import { productColor, useProductColorList } from '../../../lib/station-query.ts';
import { isRunning } from '../../../lib/station-transactions.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { HoldButton } from '@stod/ui/HoldButton.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { useStopWash } from '../api/stop-wash.ts';
import { WashOutcome } from '../components/WashOutcome.tsx';
import { WashProgress } from '../components/WashProgress.tsx';
import { WashSteps } from '../components/WashSteps.tsx';
import { WASH_LABEL_KEYS } from '../labels.ts';
import { secondsLeft } from '../remaining.ts';

/**
 * `/carwash/stations/{id}/wash` (no back button): the countdown, the wash with its minutes
 * left, the stop that must be held for 3 seconds, and the receipt. A restart lands here while
 * the wash runs.
 */
export function WashScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <FollowedTransactionScreen
      service="carwash"
      stationId={id}
      progressSkeleton={<Skeleton className="mx-auto size-58 rounded-full" />}
      none={{
        testId: 'carwash-none',
        icon: <Car size={28} />,
        title: t('carwash.noneTitle'),
        text: t('carwash.noneText'),
        failedTitle: t('carwash.loadFailed'),
        to: paths.carwashProducts(id),
        actionLabel: t('carwash.chooseWash'),
      }}
    >
      {(transaction, receivedAt) => (
        <Wash transaction={transaction} receivedAt={receivedAt} stationId={id} />
      )}
    </FollowedTransactionScreen>
  );
}

interface WashProps {
  transaction: StationTransaction;
  receivedAt: number;
  stationId: string;
}

function Wash({ transaction, receivedAt, stationId }: WashProps) {
  const { t } = useTranslation();
  const colors = useProductColorList();
  const stop = useStopWash();
  const counting = transaction.state === 'countdown' || transaction.state === 'washing';
  const now = useSecondClock(counting);
  const left = secondsLeft(transaction, receivedAt, Math.max(now, receivedAt));
  const color = productColor(transaction.product.code, 'carwash', colors.data?.items);
  const running = isRunning(transaction);
  const stopped = transaction.state === 'stopped' && running;
  // The bay failed, rather than the customer holding the stop.
  const fault = stopped && transaction.errorKey === 'error.bayFault';

  return (
    <Screen>
      <StationHeading
        testId="carwash-station-heading"
        name={transaction.stationName}
        detail={t('carwash.summary', {
          programme: transaction.product.name,
          bay: transaction.point,
        })}
      />
      <div data-testid="carwash-wash" data-state={transaction.state} className="contents">
        <WashSteps transaction={transaction} />
        <p role="status" aria-live="polite" className="sr-only">
          {t(WASH_LABEL_KEYS[transaction.label])}
        </p>
        {transaction.connectionLost && running && (
          <Notice tone="error" testId="carwash-connection-lost">
            {t('error.carwashUnavailable')}
          </Notice>
        )}
        {counting && (
          <>
            <WashProgress transaction={transaction} left={left} color={color} />
            {stop.isError && (
              <Notice tone="error" testId="carwash-stop-error">
                {apiErrorOf(stop.error).message}
              </Notice>
            )}
            <HoldButton
              testId="carwash-stop"
              label={t('carwash.stop')}
              holdingLabel={t('carwash.stopping')}
              hint={t('carwash.stopHint')}
              durationMs={CARWASH_STOP_HOLD_MS}
              pending={stop.isPending}
              onComplete={() => stop.mutate(transaction.id)}
            />
          </>
        )}
        {stopped && (
          <div
            data-testid="carwash-stopped"
            data-fault={fault || undefined}
            className="flex flex-col items-center gap-3 rounded-3xl bg-amber-50 px-6 py-8 text-center ring-1 ring-amber-200"
          >
            <span
              aria-hidden="true"
              className="flex size-14 items-center justify-center rounded-2xl bg-amber-200 text-amber-950"
            >
              {fault ? <TriangleAlert size={28} /> : <Hand size={28} />}
            </span>
            <h2 className="text-xl font-bold text-slate-900">
              {t(fault ? 'carwash.faultTitle' : 'carwash.stoppedTitle')}
            </h2>
            {fault && (
              <p role="alert" className="max-w-xs text-base text-slate-800">
                {t('error.bayFault')}
              </p>
            )}
            <p className="max-w-xs text-base text-slate-800">
              {t(fault ? 'carwash.faultText' : 'carwash.stoppedText')}
            </p>
            {transaction.paidWith === 'card' && transaction.captured > 0 && (
              <p
                data-testid="carwash-stopped-paid"
                className="text-base font-semibold text-slate-900"
              >
                {t('carwash.stoppedPaid', { amount: formatCurrency(transaction.captured) })}
              </p>
            )}
          </div>
        )}
        {stopped && (
          <ButtonLink to={paths.home} variant="secondary">
            {t('common.toHome')}
          </ButtonLink>
        )}
        {transaction.state === 'ready' && (
          <ButtonLink to={paths.carwashChecklist(stationId)} replace>
            {t('carwash.start')}
          </ButtonLink>
        )}
        {!running && <WashOutcome transaction={transaction} stationId={stationId} />}
      </div>
    </Screen>
  );
}
