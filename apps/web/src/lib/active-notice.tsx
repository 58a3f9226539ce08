import { startRefusal, type StationTransactionService } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '@stod/ui/Notice.tsx';
import { transactionPath, useActiveTransaction } from './station-transactions.ts';

interface ActiveNoticeProps {
  /** What the screen starts: the domain's rule says what the open transaction keeps from it. */
  service: StationTransactionService;
  /** The way to the running transaction, in the flow's words. */
  linkLabel: string;
  testId: string;
  /** The transaction the screen itself is about, which needs no notice. */
  exceptId?: string;
}

/**
 * A user has one refuelling or wash at a time (spec §4), and a stopped wash keeps them from
 * another wash but not from a fill (`startRefusal`): when the open one would refuse this screen's
 * start, it says why instead of a start that the server would refuse. The way to one under way is
 * a link; a stopped wash opens from home's banner only, so its notice sends the customer to staff.
 */
export function ActiveNotice({ service, linkLabel, testId, exceptId }: ActiveNoticeProps) {
  const { t } = useTranslation();
  const active = useActiveTransaction();
  const open = active.data ?? null;
  const refusal = startRefusal(open, service);
  if (!open || !refusal || open.id === exceptId) return null;
  return (
    <Notice tone="info" testId={testId}>
      <p>{t(refusal)}</p>
      {refusal === 'error.transactionActive' && (
        <Link
          to={transactionPath(open)}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-strong underline underline-offset-4"
        >
          {linkLabel}
        </Link>
      )}
    </Notice>
  );
}
