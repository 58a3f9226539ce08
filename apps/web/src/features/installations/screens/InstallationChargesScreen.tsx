import { ListChecks } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { EmptyState, ErrorState } from '@stod/ui/States.tsx';
import { useInstallationCharges } from '../api/get-installation-charges.ts';
import { useUserInstallation } from '../api/get-user-installation.ts';
import { ChargeRow } from '../components/ChargeRow.tsx';
import { InstallationBadges } from '../components/InstallationBadges.tsx';
import { InstallationLoadError } from '../components/InstallationLoadError.tsx';
import { ListSkeleton } from '../components/ListSkeleton.tsx';
import { flattenPages } from '../paging.ts';

/**
 * `/profile/installations/{id}/charges`: the charges there, newest first, a page at a time
 * (spec §2 "list of charges with load more"). The owner asks with their own id and sees
 * everyone's, with who charged and what the owner earned; a shared user sees their own.
 */
export function InstallationChargesScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const userId = useSession((s) => s.user?.id ?? null);
  const installation = useUserInstallation(id);
  const charges = useInstallationCharges(id, userId);

  if (installation.isError && !installation.data) {
    return (
      <InstallationLoadError
        error={installation.error}
        retrying={installation.isFetching}
        onRetry={() => void installation.refetch()}
      />
    );
  }
  if (charges.isError && !charges.data) {
    return (
      <div className="flex flex-1 flex-col" data-testid="installation-charges-error">
        <ErrorState
          level={2}
          title={t('error.fetchCharging')}
          action={
            <Button pending={charges.isFetching} onClick={() => void charges.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!installation.data || !charges.data) {
    return (
      <Screen>
        <ListSkeleton label={t('common.loading')} rows={5} />
      </Screen>
    );
  }

  const view = installation.data;
  const list = flattenPages(charges.data.pages);
  const total = charges.data.pages.at(-1)?.total ?? list.length;

  return (
    <Screen>
      <StationHeading
        name={view.name}
        detail={<InstallationBadges installation={view} />}
        testId="charges-heading"
      />
      {list.length === 0 ? (
        <div className="flex flex-1 flex-col" data-testid="installation-charges-empty">
          <EmptyState
            level={2}
            icon={<ListChecks size={28} />}
            title={t('installations.chargesEmptyTitle')}
            text={t('installations.chargesEmptyText')}
          />
        </div>
      ) : (
        <ChargeList
          charges={list}
          total={total}
          owner={view.role === 'own'}
          hasMore={charges.hasNextPage}
          loadingMore={charges.isFetchingNextPage}
          loadMoreFailed={charges.isFetchNextPageError}
          onLoadMore={() => void charges.fetchNextPage()}
        />
      )}
    </Screen>
  );
}

interface ListProps {
  charges: ReturnType<typeof flattenPages>;
  total: number;
  owner: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}

function ChargeList({
  charges,
  total,
  owner,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
}: ListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  // The first charge of a page asked for takes the focus: the button that asked may be gone.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || charges.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLLIElement>(':scope > li')[from]?.focus();
  }, [charges.length]);

  return (
    <>
      <ul
        ref={listRef}
        aria-label={t('installations.charges')}
        data-testid="installation-charge-list"
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
      >
        {charges.map((charge) => (
          <ChargeRow key={charge.id} charge={charge} owner={owner} />
        ))}
      </ul>
      <p
        className="px-1 text-center text-sm text-slate-600"
        aria-live="polite"
        data-testid="charges-shown"
      >
        {t('installations.chargesShown', { shown: Math.min(charges.length, total), total })}
      </p>
      {loadMoreFailed && (
        <Notice tone="error" testId="charges-more-error">
          {t('installations.loadMoreFailed')}
        </Notice>
      )}
      {hasMore && (
        <Button
          variant="secondary"
          pending={loadingMore}
          onClick={() => {
            focusFrom.current = charges.length;
            onLoadMore();
          }}
        >
          {t('installations.loadMore')}
        </Button>
      )}
    </>
  );
}
