import { Handshake, PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { forgetReturnPath, returnPathAfterRegistration } from '../../../lib/return-path.ts';
import { useSession } from '../../../lib/session.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { cardTitle, formatExpiry, maskedNumber } from '../card-format.ts';
import { ActivationPanel } from '../components/ActivationPanel.tsx';
import { CardMark } from '../components/CardMark.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { pickNewCard } from '../select-card.ts';
import { useActivationRefetch } from '../use-activation-refetch.ts';

/** `/register-user/completed`: the welcome at the end of registration, with what was set up. */
export function RegisterCompletedScreen() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const list = usePaymentMethods();
  useActivationRefetch(list.data?.items);
  const methods = list.data?.items ?? [];
  const agreement = list.data?.agreement ?? null;
  const activating = pickNewCard(
    methods.filter((m) => !m.isActive),
    null,
  );
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';

  return (
    <Screen>
      <div
        className="flex flex-col items-center gap-3 pt-4 text-center"
        data-testid="register-completed"
      >
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-3xl bg-brand text-white"
        >
          <PartyPopper size={30} />
        </span>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">
          {t('registerDone.title', { name: firstName })}
        </h2>
        <p className="max-w-xs text-base text-slate-700">{t('registerDone.text')}</p>
      </div>

      {list.isPending ? (
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-3">
          <Skeleton className="h-16 w-full rounded-2xl" />
          <Skeleton className="h-16 w-full rounded-2xl" />
        </div>
      ) : methods.length === 0 && !agreement ? (
        <Notice tone="info">{t('registerDone.noMethod')}</Notice>
      ) : (
        <Section title={t('registerDone.methods')} level={3}>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
            {methods.map((m) => (
              <li key={m.id} className="flex items-center gap-3 px-4 py-3">
                <CardMark method={m} />
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold text-slate-900">
                    {cardTitle(m, t('wallet.ownCard'))}
                  </span>
                  <span className="text-sm text-slate-600 tabular-nums">
                    {[maskedNumber(m.last4), formatExpiry(m)].filter(Boolean).join(' · ')}
                  </span>
                </div>
                {/* The panel below counts down for the new card. */}
                {m.id !== activating?.id && <StatusBadge method={m} />}
              </li>
            ))}
            {agreement && (
              <li className="flex items-center gap-3 px-4 py-3">
                <span
                  aria-hidden="true"
                  className="flex h-9 w-14 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-strong"
                >
                  <Handshake size={20} />
                </span>
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold text-slate-900">{t('wallet.agreement')}</span>
                  <span className="text-sm text-slate-600 tabular-nums">
                    {t('wallet.agreementSummary', {
                      reg: agreement.registrationNumber,
                      account: agreement.accountNumberMasked,
                    })}
                  </span>
                </div>
              </li>
            )}
          </ul>
          {activating && <ActivationPanel method={activating} />}
        </Section>
      )}

      <div className="mt-auto">
        {/* Home, or where the guest was going when registration began (an invitation). */}
        <ButtonLink to={returnPathAfterRegistration()} onClick={forgetReturnPath} replace>
          {t('registerDone.start')}
        </ButtonLink>
      </div>
    </Screen>
  );
}
