import { Fingerprint, Handshake } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { FormSkeleton } from '@stod/ui/Skeleton.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useCreateOwnCard } from '../api/create-own-card.ts';
import { useStartIdentityVerification } from '../api/start-identity-verification.ts';
import { StepList } from '../components/StepList.tsx';
import { openHostedPage } from '../open-hosted-page.ts';
import { agreementPathFor, flowForPath } from '../paths.ts';

/** Verifications already used to create a card, so a re-mount does not create a second one. */
const usedVerifications = new Set<string>();

/**
 * `…/{own-card}/create` (profile and registration). A new provider card needs a payment
 * agreement and a national identity verification; the identity sign-in sends the browser back
 * here with `?identity=verified|cancelled|failed&verification={id}`, and then the card is made.
 */
export function OwnCardCreateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = flowForPath(useLocation().pathname);
  const [params, setParams] = useSearchParams();
  // Read once: the parameters leave the URL at once, so a reload does not repeat them.
  const [returned] = useState(() => ({
    identity: params.get('identity'),
    verification: params.get('verification') ?? '',
  }));
  const list = usePaymentMethods();
  const create = useCreateOwnCard();
  const verify = useStartIdentityVerification();
  const hasAgreement = Boolean(list.data?.agreement);
  // A refusal (422: no agreement or identity yet) is shown on the screen.
  const problem = create.isError ? apiErrorOf(create.error).message : null;

  const createCard = useEffectEvent(() => {
    if (params.has('identity')) setParams({}, { replace: true });
    if (returned.identity !== 'verified' || usedVerifications.has(returned.verification)) return;
    usedVerifications.add(returned.verification);
    create.mutate(
      {},
      {
        onSuccess: (card) => {
          void navigate(flow.ownCardCreateDone, {
            replace: true,
            state: { paymentMethodId: card.id },
          });
        },
      },
    );
  });
  useEffect(() => {
    createCard();
  }, []);

  const startVerification = () => {
    verify.mutate(
      { returnPath: flow.ownCardCreate },
      {
        onSuccess: (session) => openHostedPage(session.url),
        onError: (error) => showToast('error', apiErrorOf(error).message),
      },
    );
  };

  const creating = returned.identity === 'verified' && problem === null;
  const notice =
    problem ??
    (returned.identity === 'cancelled'
      ? t('ownCard.identityCancelled')
      : returned.identity === 'failed'
        ? t('ownCard.identityFailed')
        : null);

  if (creating) {
    return (
      <Screen>
        <Notice tone="info" testId="own-card-creating">
          {t('ownCard.creating')}
        </Notice>
        <FormSkeleton fields={2} label={t('ownCard.creating')} />
      </Screen>
    );
  }

  return (
    <Screen>
      <p className="text-base text-slate-700">{t('ownCard.createIntro')}</p>
      {notice && (
        <Notice
          tone={returned.identity === 'cancelled' && !problem ? 'info' : 'error'}
          testId="own-card-problem"
        >
          {notice}
        </Notice>
      )}
      {list.isPending ? (
        <FormSkeleton fields={3} label={t('common.loading')} />
      ) : (
        <StepList
          label={t('ownCard.stepsLabel')}
          steps={[
            {
              title: t('ownCard.stepAgreement'),
              text: list.data?.agreement
                ? t('ownCard.stepAgreementDone', {
                    account: list.data.agreement.accountNumberMasked,
                  })
                : t('ownCard.stepAgreementText'),
              done: hasAgreement,
              current: !hasAgreement,
            },
            {
              title: t('ownCard.stepIdentity'),
              text: t('ownCard.stepIdentityText'),
              done: false,
              current: hasAgreement,
            },
            {
              title: t('ownCard.stepCard'),
              text: t('ownCard.stepCardText'),
              done: false,
              current: false,
            },
          ]}
        />
      )}
      <div className="mt-auto flex flex-col gap-3">
        {!list.isPending && !hasAgreement ? (
          <Button
            icon={<Handshake size={20} aria-hidden="true" />}
            onClick={() => void navigate(agreementPathFor(flow, flow.ownCardCreate))}
          >
            {t('ownCard.toAgreement')}
          </Button>
        ) : (
          <Button
            icon={<Fingerprint size={20} aria-hidden="true" />}
            disabled={list.isPending}
            pending={verify.isPending}
            onClick={startVerification}
          >
            {t('ownCard.verify')}
          </Button>
        )}
      </div>
    </Screen>
  );
}
