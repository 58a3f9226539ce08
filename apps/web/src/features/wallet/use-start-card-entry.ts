import { useTranslation } from 'react-i18next';
import { showToast } from '@stod/ui/toast-store.ts';
import { useStartCardSession } from './api/start-card-session.ts';
import { openHostedPage } from './open-hosted-page.ts';
import { savePendingSession } from './pending-session.ts';

/** Starts a card-entry session and leaves for the gateway's hosted page. */
export function useStartCardEntry(returnPath: string) {
  const { t } = useTranslation();
  const start = useStartCardSession();
  const run = () => {
    start.mutate(
      { returnPath },
      {
        onSuccess: (session) => {
          savePendingSession({ id: session.sessionId, returnPath });
          openHostedPage(session.url);
        },
        onError: () => showToast('error', t('error.paymentLink')),
      },
    );
  };
  return { run, pending: start.isPending };
}
