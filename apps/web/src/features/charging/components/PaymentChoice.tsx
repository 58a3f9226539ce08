import { CHARGE_HOLD_ORE_DEFAULT, formatCurrency, type PaymentMethod } from '@stod/domain';
import { CreditCard, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cardTitle } from '../../../lib/payment-choice.ts';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { ChoiceSection, cardChoice } from '@stod/ui/ChoiceCards.tsx';
import { HoldNote } from '@stod/ui/HoldNote.tsx';

interface Props {
  cards: readonly PaymentMethod[];
  value: string | null;
  onChange: (id: string) => void;
  disabled: boolean;
}

/** The card that pays at a public or shared installation, the favourite first, and the hold. */
export function CardChoice({ cards, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const hold = formatCurrency(CHARGE_HOLD_ORE_DEFAULT);
  return (
    <>
      <ChoiceSection
        heading={t('charging.payWith')}
        testId="charge-cards"
        value={value}
        onChange={onChange}
        disabled={disabled}
        choices={cards.map((card) =>
          cardChoice(
            { title: cardTitle(card), isFavourite: card.isFavourite },
            card.id,
            `charge-card-${card.id}`,
            t('charging.favourite'),
          ),
        )}
      />
      <HoldNote testId="charge-hold">
        <div className="flex flex-col gap-1">
          <p className="font-semibold">{t('charging.holdTitle', { amount: hold })}</p>
          <p className="text-sm">{t('charging.holdText', { amount: hold })}</p>
        </div>
      </HoldNote>
    </>
  );
}

/** At the user's own installation nothing is paid and nothing is held. */
export function OwnInstallationNote({ shared = false }: { shared?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid={shared ? 'charge-shared-free' : 'charge-own'}
      className="flex gap-3 rounded-2xl bg-emerald-50 p-4 text-slate-900 ring-1 ring-emerald-200"
    >
      <House size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-emerald-800" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          {t(shared ? 'charging.sharedFreeTitle' : 'charging.ownTitle')}
        </p>
        <p className="text-sm">{t(shared ? 'charging.sharedFreeText' : 'charging.ownText')}</p>
      </div>
    </div>
  );
}

/** Spec §5: an active payment method is needed to charge; the way to add one. */
export function NoPaymentCard() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="charge-no-payment"
      className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-6 text-center ring-1 ring-slate-200"
    >
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-2xl bg-brand-soft text-brand-strong"
      >
        <CreditCard size={26} />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{t('charging.noPaymentTitle')}</h2>
      <p className="max-w-xs text-sm text-slate-600">{t('charging.noPaymentText')}</p>
      <ButtonLink to={paths.paymentMethods}>{t('charging.addPayment')}</ButtonLink>
    </div>
  );
}
