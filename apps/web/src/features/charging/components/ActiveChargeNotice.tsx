import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chargePath, isChargeRunning, useActiveCharge } from '../../../lib/charge-query.ts';
import { Notice } from '@stod/ui/Notice.tsx';

/**
 * Spec §4: only one car can be charged at a time. While a charge runs, the way to it is shown
 * instead of a second one that the server would refuse.
 */
export function ActiveChargeNotice({ exceptId }: { exceptId?: string }) {
  const { t } = useTranslation();
  const active = useActiveCharge();
  const charge = active.data;
  if (!charge || !isChargeRunning(charge) || charge.id === exceptId) return null;
  return (
    <Notice tone="info" testId="charging-active-notice">
      <p>{t('error.chargeActive')}</p>
      <Link
        to={chargePath(charge)}
        state={{ chargeId: charge.id }}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-strong underline underline-offset-4"
      >
        {t('charging.toActive')}
      </Link>
    </Notice>
  );
}
