import { useTranslation } from 'react-i18next';
import { Notice } from '@stod/ui/Notice.tsx';
import type { useCardSessionReturn } from '../use-card-session-return.ts';

/** What became of the card the user entered on the hosted page: saving, or why it failed. */
export function CardSessionNotice({ state }: { state: ReturnType<typeof useCardSessionReturn> }) {
  const { t } = useTranslation();
  if (state.error) {
    return (
      <Notice
        tone="error"
        testId="card-session-error"
        onDismiss={state.dismissError}
        dismissLabel={t('toast.close')}
      >
        {t(state.error)}
      </Notice>
    );
  }
  if (state.checking) {
    return (
      <Notice tone="info" testId="card-session-pending">
        {t('wallet.savingCard')}
      </Notice>
    );
  }
  return null;
}
