import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '@stod/ui/Notice.tsx';
import { isRunning, transactionPath, useActiveTransaction } from './station-transactions.ts';

interface ActiveNoticeProps {
  /** The way to the running transaction, in the flow's words. */
  linkLabel: string;
  testId: string;
  /** The transaction the screen itself is about, which needs no notice. */
  exceptId?: string;
}

/**
 * A user has one refuelling or wash at a time: while one runs, the way to it is shown instead of
 * a second start that the server would refuse.
 */
export function ActiveNotice({ linkLabel, testId, exceptId }: ActiveNoticeProps) {
  const { t } = useTranslation();
  const active = useActiveTransaction();
  if (!active.data || !isRunning(active.data) || active.data.id === exceptId) return null;
  return (
    <Notice tone="info" testId={testId}>
      <p>{t('error.transactionActive')}</p>
      <Link
        to={transactionPath(active.data)}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-strong underline underline-offset-4"
      >
        {linkLabel}
      </Link>
    </Notice>
  );
}
