import { Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { FormSkeleton } from '@stod/ui/Skeleton.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { usePaymentAgreement } from '../api/get-payment-agreement.ts';
import { AgreementForm } from '../components/AgreementForm.tsx';
import { afterAgreementSaved, flowForPath } from '../paths.ts';

/**
 * The payment agreement, created or edited: `/profile/agreement`,
 * `/profile/payment-methods/agreement` and `/register-user/payment-method/agreement`.
 * `?next=` brings the user back to the provider-card step that asked for it.
 */
export function AgreementScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const next = params.get('next');
  const user = useSession((s) => s.user);
  const query = usePaymentAgreement();
  const forOwnCard = next !== null && next === flowForPath(pathname).ownCardCreate;

  const onSaved = async (mode: 'create' | 'update') => {
    showToast('success', t(mode === 'create' ? 'agreement.created' : 'agreement.updated'));
    const to = afterAgreementSaved(pathname, next);
    if (to) await navigate(to, { replace: true });
  };

  return (
    <Screen>
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-strong"
        >
          <Handshake size={24} />
        </span>
        <p className="text-base text-slate-700">
          {query.data ? t('agreement.editIntro') : t('agreement.intro')}
        </p>
      </div>
      {forOwnCard && !query.data && <Notice tone="info">{t('agreement.forOwnCard')}</Notice>}
      {query.isPending ? (
        <FormSkeleton fields={5} label={t('common.loading')} />
      ) : query.isError ? (
        <RetryNotice
          text={query.error.message}
          retryLabel={t('common.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <AgreementForm
          key={query.data?.createdAt ?? 'new'}
          agreement={query.data}
          suggested={{
            fullName: user?.name ?? '',
            email: user?.email ?? '',
            phone: user?.mobile ?? '',
          }}
          onSaved={(mode) => void onSaved(mode)}
        />
      )}
    </Screen>
  );
}
