import { formatDate, type Invitation } from '@stod/domain';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Notice } from '@stod/ui/Notice.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useDeclineInvitation } from '../api/decline-invitation.ts';
import { VerifyToAccept } from './VerifyToAccept.tsx';

interface Props {
  invitation: Invitation;
  /** The token of the e-mail's link, when the invitation was opened from it. */
  token?: string | undefined;
  /** The invitation the screen was opened for: it stands out, under a heading of its own. */
  fromLink?: boolean;
  onAnswered?: () => void;
}

/**
 * An invitation addressed to the user: who invites, to which installation, and the answer. A
 * user whose address is not verified, without the e-mail's link, verifies it on the card first
 * (the button would only be refused); any refusal stays on the card in the server's words.
 */
export function InvitationCard({ invitation, token, fromLink = false, onAnswered }: Props) {
  const { t } = useTranslation();
  const installation = invitation.installationName;
  const accept = useAcceptInvitation(() => {
    showToast('success', t('installations.accepted', { installation }));
    onAnswered?.();
  });
  const decline = useDeclineInvitation(() => {
    showToast('info', t('installations.declined', { installation }));
    onAnswered?.();
  });
  const user = useSession((s) => s.user);
  // Without the e-mail's link, only a verified address may accept: a new user verifies it here.
  const unverified = !token && user !== null && !user.emailVerified ? user : null;
  const titleId = useId();
  const failure = accept.error ?? decline.error;
  const busy = accept.isPending || decline.isPending;

  const onAccept = () => {
    decline.reset();
    accept.mutate({ id: invitation.id, token });
  };
  const onDecline = () => {
    accept.reset();
    decline.mutate(invitation.id);
  };

  return (
    <article
      aria-labelledby={titleId}
      data-testid={fromLink ? 'linked-invitation' : 'received-invitation'}
      data-invitation-id={invitation.id}
      className={cn(
        'flex flex-col gap-4 rounded-2xl p-4',
        fromLink ? 'bg-brand-soft ring-2 ring-brand' : 'bg-white ring-1 ring-slate-200',
      )}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand text-white"
        >
          <Mail size={20} />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          {fromLink && (
            <p className="text-sm font-semibold text-brand-strong">
              {t('installations.invitationFromLink')}
            </p>
          )}
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {t('installations.invitationFrom', { owner: invitation.invitedBy, installation })}
          </h3>
          <p className="text-sm text-slate-700">
            {t('installations.invitationDate', { date: formatDate(invitation.createdAt) })}
          </p>
        </div>
      </div>
      {failure && (
        <Notice tone="error" testId="invitation-error">
          {apiErrorOf(failure).message}
        </Notice>
      )}
      {unverified && (
        <VerifyToAccept email={unverified.email} busy={accept.isPending} onVerified={onAccept} />
      )}
      <div className={cn('grid gap-3', !unverified && 'grid-cols-2')}>
        {!unverified && (
          <Button pending={accept.isPending} disabled={busy} onClick={onAccept}>
            {t('installations.accept')}
          </Button>
        )}
        <Button variant="secondary" pending={decline.isPending} disabled={busy} onClick={onDecline}>
          {t('installations.decline')}
        </Button>
      </div>
    </article>
  );
}
