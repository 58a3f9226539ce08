import type { Receipt } from '@stod/domain';
import { ReceiptText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@stod/ui/Button.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { EmptyState, ErrorState } from '@stod/ui/States.tsx';
import { useReceipts } from '../api/get-receipts.ts';
import { ReceiptRow } from '../components/ReceiptRow.tsx';
import { ReceiptsSkeleton } from '../components/ReceiptsSkeleton.tsx';
import { flattenReceiptPages } from '../paging.ts';
import { useReceiptDownload } from '../use-receipt-download.ts';

/** `/profile/receipts`: the user's receipts, newest first, a page at a time. */
export function ReceiptsScreen() {
  const { t } = useTranslation();
  const query = useReceipts();

  if (query.isPending) {
    return (
      <Screen>
        <ReceiptsSkeleton label={t('common.loading')} />
      </Screen>
    );
  }
  if (!query.data) {
    return (
      <div className="flex flex-1 flex-col" data-testid="receipts-error">
        <ErrorState
          level={2}
          title={t('receipts.loadFailed')}
          action={
            <Button onClick={() => void query.refetch()} pending={query.isFetching}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }

  const receipts = flattenReceiptPages(query.data.pages);
  const total = query.data.pages.at(-1)?.total ?? receipts.length;
  if (receipts.length === 0) {
    return (
      <div className="flex flex-1 flex-col" data-testid="receipts-empty">
        <EmptyState
          level={2}
          icon={<ReceiptText size={28} />}
          title={t('receipts.emptyTitle')}
          text={t('receipts.emptyText')}
        />
      </div>
    );
  }

  return (
    <Screen>
      <ReceiptList
        receipts={receipts}
        total={total}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        loadMoreFailed={query.isFetchNextPageError}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </Screen>
  );
}

interface ListProps {
  receipts: readonly Receipt[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}

function ReceiptList({
  receipts,
  total,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
}: ListProps) {
  const { t } = useTranslation();
  const { download, pendingId } = useReceiptDownload();
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  // The first receipt of a page asked for takes the focus: the button that asked may be gone,
  // and a screen reader goes on reading where the new receipts start.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || receipts.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('li > a')[from]?.focus();
  }, [receipts.length]);

  const loadMore = () => {
    focusFrom.current = receipts.length;
    onLoadMore();
  };

  return (
    <>
      <ul
        ref={listRef}
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
        data-testid="receipt-list"
      >
        {receipts.map((receipt) => (
          <ReceiptRow
            key={receipt.id}
            receipt={receipt}
            onDownload={download}
            downloading={pendingId === receipt.id}
            busy={pendingId !== undefined}
          />
        ))}
      </ul>
      <p className="px-1 text-center text-sm text-slate-600" aria-live="polite">
        {t('receipts.shown', { shown: Math.min(receipts.length, total), total })}
      </p>
      {loadMoreFailed && (
        <Notice tone="error" testId="receipts-more-error">
          {t('receipts.loadMoreFailed')}
        </Notice>
      )}
      {hasMore && (
        <Button variant="secondary" pending={loadingMore} onClick={loadMore}>
          {t('receipts.loadMore')}
        </Button>
      )}
    </>
  );
}
