import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '@stod/ui/Button.tsx';
import { useStartCardEntry } from '../use-start-card-entry.ts';

interface Props {
  /** The screen the hosted page sends the browser back to. */
  returnPath: string;
  variant?: ButtonVariant;
}

export function AddCardButton({ returnPath, variant = 'primary' }: Props) {
  const { t } = useTranslation();
  const entry = useStartCardEntry(returnPath);
  return (
    <Button
      variant={variant}
      icon={<CreditCard size={20} aria-hidden="true" />}
      pending={entry.pending}
      onClick={() => entry.run()}
      data-testid="add-card"
    >
      {t('wallet.addCard')}
    </Button>
  );
}
