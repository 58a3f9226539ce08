import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  isRunning,
  transactionPath,
  useActiveTransaction,
} from '../../../lib/station-transactions.ts';
import { Notice } from '@stod/ui/Notice.tsx';

/**
 * A user has one refuelling or wash at a time: while one runs, the way to it is shown instead of
 * a second start that the server would refuse.
 */
export function ActiveNotice() {
  const { t } = useTranslation();
  const active = useActiveTransaction();
  if (!active.data || !isRunning(active.data)) return null;
  return (
    <Notice tone="info" testId="fuel-active-notice">
      <p>{t('error.transactionActive')}</p>
      <Link
        to={transactionPath(active.data)}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-strong underline underline-offset-4"
      >
        {t('fuel.toActive')}
      </Link>
    </Notice>
  );
}
