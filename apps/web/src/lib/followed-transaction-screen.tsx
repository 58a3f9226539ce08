import type { StationTransaction, StationTransactionService } from '@stod/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { apiErrorOf } from './api-error.ts';
import { useFollowedTransaction } from './followed-transaction.ts';

/** What the screen says when there is no transaction to follow, in the flow's words. */
export interface NoTransaction {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  /** The title when the transaction could not be read. */
  failedTitle: string;
  /** Back to where the flow starts. */
  to: string;
  actionLabel: string;
}

interface Props {
  service: StationTransactionService;
  stationId: string;
  /** The last skeleton while loading, shaped like the flow's progress. */
  progressSkeleton: ReactNode;
  none: NoTransaction;
  children: (transaction: StationTransaction, receivedAt: number) => ReactNode;
}

/**
 * The screen of a refuelling or a wash as it happens: it follows the transaction the start made,
 * or the user's unfinished one at this station, so a reload or a restart lands back on it.
 */
export function FollowedTransactionScreen({
  service,
  stationId,
  progressSkeleton,
  none,
  children,
}: Props) {
  const { t } = useTranslation();
  const { id: transactionId, pending, live } = useFollowedTransaction(service, stationId);

  if (pending || (transactionId !== null && live.isPending)) {
    return (
      <Screen>
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-4">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-12 w-full" />
          {progressSkeleton}
        </div>
      </Screen>
    );
  }
  if (!live.data) {
    const failed = live.isError && apiErrorOf(live.error).statusCode !== 404;
    return (
      <div className="flex flex-1 flex-col" data-testid={none.testId}>
        <EmptyState
          level={2}
          icon={none.icon}
          title={failed ? none.failedTitle : none.title}
          text={failed ? undefined : none.text}
          action={
            <ButtonLink to={none.to} replace>
              {none.actionLabel}
            </ButtonLink>
          }
        />
      </div>
    );
  }
  return children(live.data, live.dataUpdatedAt);
}
