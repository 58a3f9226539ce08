import type { PaymentMethod } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { cardTitle } from '../../../lib/payment-choice.ts';
import { ChoiceSection, cardChoice } from '@stod/ui/ChoiceCards.tsx';

interface Props {
  cards: readonly PaymentMethod[];
  value: string | null;
  onChange: (id: string) => void;
  disabled: boolean;
}

/** The card that pays, the favourite first and chosen until another is. */
export function CardChoice({ cards, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <ChoiceSection
      heading={t('fuel.payWith')}
      testId="fuel-cards"
      value={value}
      onChange={onChange}
      disabled={disabled}
      choices={cards.map((card) =>
        cardChoice(
          { title: cardTitle(card), isFavourite: card.isFavourite },
          card.id,
          `fuel-card-${card.id}`,
          t('fuel.favourite'),
        ),
      )}
    />
  );
}
