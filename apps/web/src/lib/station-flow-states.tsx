import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { isUnknownStation } from './station-query.ts';

interface StationLoadErrorProps {
  error: unknown;
  /** The title when the station exists but could not be read, in the flow's words. */
  failedTitle: string;
  /** The flow's station list, the way back. */
  listPath: string;
  testId: string;
}

/** A flow's station that does not exist or could not be read, with the way back to the list. */
export function StationLoadError({ error, failedTitle, listPath, testId }: StationLoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col" data-testid={testId}>
      <ErrorState
        level={2}
        title={isUnknownStation(error) ? t('station.notFoundTitle') : failedTitle}
        action={
          <ButtonLink to={listPath} variant="secondary">
            {t('station.toList')}
          </ButtonLink>
        }
      />
    </div>
  );
}

/** The user's payment methods could not be read: nothing can be paid until they are. */
export function PaymentMethodsRetry({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Screen>
      <RetryNotice text={t('wallet.loadFailed')} retryLabel={t('common.retry')} onRetry={onRetry} />
    </Screen>
  );
}

/** A flow's screen of choices while it loads: the heading, then one bar per choice. */
export function ChoicesSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Screen>
      <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-3">
        <Skeleton className="h-7 w-56" />
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    </Screen>
  );
}
