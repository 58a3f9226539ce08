import { formatCurrency, type ShareLimitsView } from '@stod/domain';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '@stod/ui/DetailList.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { Button } from '@stod/ui/Button.tsx';
import { formatKwhOfWh, formatLastDay, groupThousands } from '../format.ts';

interface Props {
  ownerName: string | null;
  limits: ShareLimitsView;
  /** Offered when the user's share is known (see get-user-installation.ts). */
  onLeave?: (() => void) | undefined;
  leaving?: boolean;
}

/** A shared user's terms here: whose it is, this month's use, the cap, the price, the end. */
export function SharedAccess({ ownerName, limits, onLeave, leaving = false }: Props) {
  const { t } = useTranslation();
  return (
    <Section title={t('installations.limits')} testId="shared-access">
      {limits.refusal && (
        <Notice tone="error" testId="shared-refusal">
          {t(
            limits.refusal === 'ended'
              ? 'installations.refusal.ended'
              : 'installations.refusal.cap',
          )}
        </Notice>
      )}
      <DetailList
        testId="shared-limits"
        details={[
          ...(ownerName
            ? [{ label: t('installations.owner'), value: ownerName, testId: 'shared-owner' }]
            : []),
          {
            label: t('installations.limitUsed'),
            value: t('installations.kwh', { kwh: formatKwhOfWh(limits.usedThisMonthWh) }),
            testId: 'shared-used',
          },
          {
            label: t('installations.limitCap'),
            value:
              limits.monthlyKwhCap === null
                ? t('installations.noCap')
                : t('installations.kwh', { kwh: groupThousands(limits.monthlyKwhCap) }),
            testId: 'shared-cap',
          },
          {
            label: t('installations.limitPrice'),
            value:
              limits.pricePerKwh === 0
                ? t('charging.priceFree')
                : t('charging.perKwh', { price: formatCurrency(limits.pricePerKwh) }),
            testId: 'shared-price',
          },
          {
            label: t('installations.limitEnds'),
            value: limits.endsAt ? formatLastDay(limits.endsAt) : t('installations.noEnd'),
            testId: 'shared-ends',
          },
        ]}
      />
      {onLeave && (
        <Button
          variant="secondary"
          icon={<LogOut size={20} aria-hidden="true" />}
          pending={leaving}
          onClick={onLeave}
          data-testid="leave-installation"
        >
          {t('installations.leave')}
        </Button>
      )}
    </Section>
  );
}
