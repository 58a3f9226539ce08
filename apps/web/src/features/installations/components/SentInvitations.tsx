import { formatDate, type Invitation, type InvitationState } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { Button } from '@stod/ui/Button.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { useWithdrawInvitation } from '../api/withdraw-invitation.ts';
import { Badge, type BadgeTone } from './Badge.tsx';

const STATE_TONES: Record<InvitationState, BadgeTone> = {
  pending: 'warning',
  accepted: 'own',
  declined: 'muted',
  withdrawn: 'muted',
};

/** The invitations the owner sent for this installation, newest first; a waiting one withdraws. */
export function SentInvitations({ installationId }: { installationId: string }) {
  const { t } = useTranslation();
  const invitations = useInvitations();
  const withdraw = useWithdrawInvitation();
  const sent = (invitations.data ?? []).filter(
    (i) => i.direction === 'sent' && i.installationId === installationId,
  );

  const onWithdraw = (invitation: Invitation) => {
    withdraw.mutate(invitation.id, {
      onSuccess: () =>
        showToast('success', t('installations.withdrawn', { email: invitation.email })),
      onError: (error) => showToast('error', apiErrorOf(error).message),
    });
  };

  return (
    <Section title={t('installations.sentTitle')} testId="sent-invitations">
      {invitations.isError && !invitations.data ? (
        <RetryNotice
          text={t('installations.invitationsFailed')}
          retryLabel={t('common.retry')}
          pending={invitations.isFetching}
          onRetry={() => void invitations.refetch()}
        />
      ) : !invitations.data ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      ) : sent.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-4 text-base text-slate-700 ring-1 ring-slate-200">
          {t('installations.sentEmpty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          {sent.map((invitation) => (
            <li
              key={invitation.id}
              data-testid="sent-invitation"
              data-state={invitation.state}
              className="flex items-center gap-3 px-4 py-3"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="text-base font-semibold break-all text-slate-900">
                  {invitation.email}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <Badge tone={STATE_TONES[invitation.state]} testId="sent-invitation-state">
                    {t(`installations.state.${invitation.state}`)}
                  </Badge>
                  {t('installations.invitationDate', { date: formatDate(invitation.createdAt) })}
                </span>
              </div>
              {invitation.state === 'pending' && (
                <Button
                  variant="secondary"
                  block={false}
                  className="shrink-0 px-4"
                  aria-label={t('installations.withdrawLabel', { email: invitation.email })}
                  pending={withdraw.isPending && withdraw.variables === invitation.id}
                  disabled={withdraw.isPending}
                  onClick={() => onWithdraw(invitation)}
                >
                  {t('installations.withdraw')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
