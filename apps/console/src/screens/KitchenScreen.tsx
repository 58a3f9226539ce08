import { ButtonLink } from '@stod/ui/Button.tsx';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../app/paths.ts';
import { ApiRequestError } from '../lib/api.ts';
import { useChime } from '../lib/chime.ts';
import {
  isConflict,
  isNotFound,
  kitchenOrdersKey,
  mayUseKitchen,
  useKitchenOrders,
  type KitchenOrder,
} from '../lib/kitchen.ts';
import { useArrivals } from '../lib/kitchen-arrivals.ts';
import { expiringOrders } from '../lib/kitchen-urgency.ts';
import { useKitchenSocket } from '../lib/kitchen-socket.ts';
import { useSession } from '../lib/session.ts';
import { useStation } from '../lib/station.ts';
import { clockText, useNow } from '../lib/use-now.ts';
import { KitchenBoard } from './KitchenBoard.tsx';
import { KitchenHeader } from './KitchenHeader.tsx';
import { ExpiryWarning, useExpiryAlarm } from './KitchenWarning.tsx';
import { ListSkeleton } from './Page.tsx';

/** A kitchen the caller cannot reach, or no kitchen at all: the same answer, with a way back. */
function KitchenNotFound() {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-dvh flex-col bg-canvas">
      <EmptyState
        title={t('kitchen.notFound')}
        text={t('kitchen.notFoundText')}
        action={
          <ButtonLink to={paths.stations} variant="secondary">
            {t('station.allStations')}
          </ButtonLink>
        }
      />
    </main>
  );
}

function KitchenDisplay({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: kitchenOrdersKey(stationId) });
  }, [queryClient, stationId]);
  const socket = useKitchenSocket(stationId, refresh);
  const orders = useKitchenOrders(stationId, socket === 'live');
  const station = useStation(stationId);
  const chime = useChime(undefined, 'kitchen');
  const arrived = useArrivals(stationId, () => {
    chime.play();
  });
  // Each ticket's age and countdown tick by the second.
  const now = useNow(1_000);
  const expiring = expiringOrders(orders.data?.items ?? [], now);
  useExpiryAlarm(expiring, chime);
  const [problem, setProblem] = useState<string | null>(null);

  if (isNotFound(orders.error) || isNotFound(station.error)) return <KitchenNotFound />;
  const { data } = orders;
  const onProblem = (order: KitchenOrder, error: Error) => {
    // A 409: the order moved on elsewhere (another tablet, the timeout); the list shows where.
    const message = error instanceof ApiRequestError ? error.apiError.message : error.message;
    const key = isConflict(error) ? 'kitchen.conflict' : 'kitchen.failed';
    setProblem(t(key, { number: order.number, message }));
    refresh();
  };

  return (
    <div className="flex h-dvh flex-col bg-canvas" data-chimes={chime.played}>
      <KitchenHeader
        stationName={station.data?.name ?? data?.items[0]?.stationName ?? null}
        socket={socket}
        updatedAt={data ? orders.dataUpdatedAt : null}
        now={now}
        chime={chime}
      />
      <ExpiryWarning orders={expiring} now={now} />
      <main id="main" className="flex min-h-0 flex-1 flex-col gap-3 p-3 lg:p-4">
        {orders.isError && data && (
          <Notice tone="error" testId="kitchen-stale">
            {t('kitchen.stale', { time: clockText(orders.dataUpdatedAt, now) })}
          </Notice>
        )}
        {problem && (
          <Notice
            tone="error"
            testId="kitchen-problem"
            onDismiss={() => setProblem(null)}
            dismissLabel={t('modal.close')}
          >
            {problem}
          </Notice>
        )}
        {orders.isPending && <ListSkeleton label={t('kitchen.loading')} rows={3} />}
        {orders.isError && !data && (
          <RetryNotice
            text={t('kitchen.loadFailed')}
            retryLabel={t('vouchers.retry')}
            onRetry={() => void orders.refetch()}
            pending={orders.isFetching}
          />
        )}
        {data && (
          <KitchenBoard
            orders={data.items}
            stationId={stationId}
            now={now}
            arrived={arrived}
            onProblem={onProblem}
          />
        )}
      </main>
    </div>
  );
}

/** The kitchen display of one station, at /kitchen/{stationId}. */
export function KitchenScreen() {
  const { stationId } = useParams();
  const member = useSession((s) => s.member);
  if (!stationId || !/^[1-9]\d{0,9}$/.test(stationId)) return <KitchenNotFound />;
  const id = Number(stationId);
  // Another station's kitchen, or a role without one, is not there: nothing is asked.
  if (!mayUseKitchen(member, id)) return <KitchenNotFound />;
  return <KitchenDisplay key={id} stationId={id} />;
}
