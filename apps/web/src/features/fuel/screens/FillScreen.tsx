import { formatCurrency, type StationTransaction } from '@stod/domain';
import { Fuel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { FollowedTransactionScreen } from '../../../lib/followed-transaction-screen.tsx';
import { paths } from '../../../lib/paths.ts';
import { productColor, useProductColorList } from '../../../lib/station-query.ts';
import { isRunning, useCancelTransaction } from '../../../lib/station-transactions.ts';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { FillOutcome } from '../components/FillOutcome.tsx';
import { FillReadout } from '../components/FillReadout.tsx';
import { FillSteps } from '../components/FillSteps.tsx';
import { NozzlePrompt } from '../components/NozzlePrompt.tsx';

/**
 * `/fuel/stations/{id}/fill`: the refuelling as it happens, from the pump waiting for the
 * nozzle to the receipt. It follows the transaction the start made, or the user's unfinished
 * one here, so a reload or a restart lands back on it.
 */
export function FillScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <FollowedTransactionScreen
      service="fuel"
      stationId={id}
      progressSkeleton={<Skeleton className="h-52 w-full rounded-3xl" />}
      none={{
        testId: 'fuel-none',
        icon: <Fuel size={28} />,
        title: t('fuel.noneTitle'),
        text: t('fuel.noneText'),
        failedTitle: t('fuel.loadFailed'),
        to: paths.fuelStation(id),
        actionLabel: t('fuel.choosePump'),
      }}
    >
      {(transaction) => <Fill transaction={transaction} stationId={id} />}
    </FollowedTransactionScreen>
  );
}

function Fill({ transaction, stationId }: { transaction: StationTransaction; stationId: string }) {
  const { t } = useTranslation();
  const colors = useProductColorList();
  const cancel = useCancelTransaction();
  const color = productColor(transaction.product.code, 'fuel', colors.data?.items);
  const running = isRunning(transaction);

  const askCancel = async () => {
    const confirmed = await confirmModal({
      title: t('fuel.cancelConfirmTitle'),
      body: t('fuel.cancelConfirmText', { amount: formatCurrency(transaction.held) }),
      confirmLabel: t('fuel.cancelConfirm'),
      cancelLabel: t('fuel.cancelKeep'),
      danger: true,
      testId: 'fuel-cancel-modal',
    });
    if (!confirmed) return;
    cancel.mutate(transaction.id, {
      onError: (error) => showToast('error', apiErrorOf(error).message),
    });
  };

  return (
    <Screen>
      <StationHeading
        testId="fuel-station-heading"
        name={transaction.stationName}
        detail={
          <span className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3 shrink-0 rounded-full"
              style={{ backgroundColor: color }}
            />
            <span>
              {t('fuel.pump', { number: transaction.point })} · {transaction.product.name}
            </span>
          </span>
        }
      />
      <div data-testid="fuel-fill" data-state={transaction.state} className="contents">
        <FillSteps transaction={transaction} />
        {transaction.connectionLost && running && (
          <Notice tone="error" testId="fuel-connection-lost">
            {t('error.pumpUnavailable')}
          </Notice>
        )}
        {(running || transaction.state === 'completed') && (
          <FillReadout transaction={transaction} color={color} />
        )}
        {running && (
          <p data-testid="fuel-held-line" className="px-1 text-base text-slate-700 tabular-nums">
            {t('fuel.held')}: <strong>{formatCurrency(transaction.held)}</strong>
          </p>
        )}
        {(transaction.state === 'ready' || transaction.state === 'starting') && (
          <NozzlePrompt
            transaction={transaction}
            cancelling={cancel.isPending}
            onCancel={() => void askCancel()}
          />
        )}
        {transaction.state === 'fuelling' && (
          <p className="px-1 text-lg font-medium text-slate-900">{t('fuel.fuelling')}</p>
        )}
        {transaction.state === 'settling' && (
          <p className="px-1 text-lg font-medium text-slate-900">{t('fuel.settling')}</p>
        )}
        {!running && <FillOutcome transaction={transaction} stationId={stationId} />}
      </div>
    </Screen>
  );
}
