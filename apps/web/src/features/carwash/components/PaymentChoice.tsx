import { formatDate, type PaymentMethod, type UserVoucher } from '@stod/domain';
import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cardTitle } from '../../../lib/payment-choice.ts';
import { ChoiceSection, cardChoice, type Choice } from '@stod/ui/ChoiceCards.tsx';
import { paymentValue, type WashPayment } from '../selection.ts';

interface Props {
  cards: readonly PaymentMethod[];
  vouchers: readonly UserVoucher[];
  value: WashPayment | null;
  onChange: (payment: WashPayment) => void;
}

/** How the wash is paid: a car-wash voucher first when there is one, then the cards. */
export function PaymentChoice({ cards, vouchers, value, onChange }: Props) {
  const { t } = useTranslation();
  const options = new Map<string, WashPayment>();
  const choices: Choice<string>[] = [];

  for (const voucher of vouchers) {
    const payment: WashPayment = { kind: 'voucher', id: voucher.id };
    options.set(paymentValue(payment), payment);
    choices.push({
      value: paymentValue(payment),
      label: t('carwash.voucher'),
      description: t('carwash.voucherText', {
        name: voucher.name,
        date: formatDate(voucher.expiresAt),
      }),
      testId: `carwash-pay-voucher-${voucher.id}`,
      leading: <Ticket size={22} aria-hidden="true" className="shrink-0 text-emerald-700" />,
    });
  }
  for (const card of cards) {
    const payment: WashPayment = { kind: 'card', id: card.id };
    options.set(paymentValue(payment), payment);
    choices.push(
      cardChoice(
        { title: cardTitle(card), isFavourite: card.isFavourite },
        paymentValue(payment),
        `carwash-pay-card-${card.id}`,
        t('carwash.favourite'),
      ),
    );
  }

  return (
    <ChoiceSection
      heading={t('carwash.payWith')}
      testId="carwash-payment"
      choices={choices}
      value={value ? paymentValue(value) : null}
      onChange={(next) => {
        const payment = options.get(next);
        if (payment) onChange(payment);
      }}
    />
  );
}
