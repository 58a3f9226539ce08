import { formatDate, type PaymentMethod, type UserVoucher } from '@stod/domain';
import { CreditCard, Star, Ticket } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cardTitle } from '../../../lib/payment-choice.ts';
import { ChoiceCards, type Choice } from '@stod/ui/ChoiceCards.tsx';
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
  const headingId = useId();
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
    choices.push({
      value: paymentValue(payment),
      label: cardTitle(card),
      description: card.isFavourite ? (
        <span className="inline-flex items-center gap-1 font-semibold text-brand-strong">
          <Star size={12} aria-hidden="true" className="fill-current" />
          {t('carwash.favourite')}
        </span>
      ) : undefined,
      testId: `carwash-pay-card-${card.id}`,
      leading: <CreditCard size={22} aria-hidden="true" className="shrink-0 text-slate-600" />,
    });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2
        id={headingId}
        className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        {t('carwash.payWith')}
      </h2>
      <ChoiceCards
        labelledBy={headingId}
        testId="carwash-payment"
        choices={choices}
        value={value ? paymentValue(value) : null}
        onChange={(next) => {
          const payment = options.get(next);
          if (payment) onChange(payment);
        }}
      />
    </section>
  );
}
