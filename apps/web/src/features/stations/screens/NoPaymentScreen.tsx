import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { EmptyState } from '@stod/ui/States.tsx';

/** /fuel/stations/no-payment and /carwash/stations/no-payment (spec §5: a payment method first). */
function NoPayment({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="no-payment" className="flex flex-1 flex-col">
      <EmptyState
        level={2}
        icon={<CreditCard size={28} />}
        title={t('noPayment.title')}
        text={text}
        action={<ButtonLink to={paths.paymentMethods}>{t('noPayment.add')}</ButtonLink>}
      />
    </div>
  );
}

export function FuelNoPaymentScreen() {
  const { t } = useTranslation();
  return <NoPayment text={t('noPayment.fuelText')} />;
}

export function CarwashNoPaymentScreen() {
  const { t } = useTranslation();
  return <NoPayment text={t('noPayment.carwashText')} />;
}
