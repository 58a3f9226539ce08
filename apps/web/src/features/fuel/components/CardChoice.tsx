import type { PaymentMethod } from '@stod/domain';
import { CreditCard, Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cardTitle } from '../../../lib/payment-choice.ts';
import { ChoiceCards } from '@stod/ui/ChoiceCards.tsx';

interface Props {
  cards: readonly PaymentMethod[];
  value: string | null;
  onChange: (id: string) => void;
  disabled: boolean;
}

/** The card that pays, the favourite first and chosen until another is. */
export function CardChoice({ cards, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2
        id={headingId}
        className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        {t('fuel.payWith')}
      </h2>
      <ChoiceCards
        labelledBy={headingId}
        testId="fuel-cards"
        value={value}
        onChange={onChange}
        disabled={disabled}
        choices={cards.map((card) => ({
          value: card.id,
          label: cardTitle(card),
          testId: `fuel-card-${card.id}`,
          leading: <CreditCard size={22} aria-hidden="true" className="shrink-0 text-slate-600" />,
          description: card.isFavourite ? (
            <span className="inline-flex items-center gap-1 font-semibold text-brand-strong">
              <Star size={12} aria-hidden="true" className="fill-current" />
              {t('fuel.favourite')}
            </span>
          ) : undefined,
        }))}
      />
    </section>
  );
}
