import type { Invitation } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { Notice } from '@stod/ui/Notice.tsx';
import type { InvitationLink } from '../invitation-link.ts';
import { InvitationCard } from './InvitationCard.tsx';

interface Props {
  link: InvitationLink;
  invitations: readonly Invitation[];
  /** The link is done with: the address loses its invitation and token. */
  onDone: () => void;
}

/**
 * The invitation the e-mail's link names, at the top of the list: to accept with the link's
 * token, or why it cannot be (answered already, or addressed to another account).
 */
export function LinkedInvitation({ link, invitations, onDone }: Props) {
  const { t } = useTranslation();
  const invitation = invitations.find((i) => i.id === link.id && i.direction === 'received');
  if (invitation?.state === 'pending') {
    return (
      <InvitationCard invitation={invitation} token={link.token} fromLink onAnswered={onDone} />
    );
  }
  const text = !invitation
    ? t('installations.linkMissing')
    : invitation.state === 'accepted'
      ? t('installations.linkAccepted')
      : t('installations.linkAnswered');
  return (
    <Notice
      tone={invitation?.state === 'accepted' ? 'success' : 'info'}
      onDismiss={onDone}
      dismissLabel={t('installations.linkDismiss')}
      testId="linked-invitation-note"
    >
      {text}
    </Notice>
  );
}
