import { ChevronRight, CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';

/** Spec §5: without any card, home asks the user to add one. Nothing while it loads. */
export function PaymentMethodPrompt() {
  const { t } = useTranslation();
  const list = usePaymentMethods();
  if (!list.data || list.data.items.length > 0) return null;
  return (
    <Link
      to={paths.paymentMethods}
      data-testid="payment-prompt"
      className="flex items-center gap-4 rounded-3xl bg-accent p-4 text-slate-950 transition-[filter] hover:brightness-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-slate-950/10"
      >
        <CreditCard size={22} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-base font-semibold">{t('home.paymentPromptTitle')}</span>
        <span className="text-sm">{t('home.paymentPromptText')}</span>
      </span>
      <ChevronRight size={20} aria-hidden="true" className="shrink-0" />
    </Link>
  );
}
