import type { UserInstallation } from '@stod/domain';
import { PlugZap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@stod/ui/Button.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { EmptyState, ErrorState } from '@stod/ui/States.tsx';
import { useInvitations } from '../api/get-invitations.ts';
import { useUserInstallations } from '../api/get-user-installations.ts';
import { InstallationRow } from '../components/InstallationRow.tsx';
import { InvitationCard } from '../components/InvitationCard.tsx';
import { LinkedInvitation } from '../components/LinkedInvitation.tsx';
import { ListSkeleton } from '../components/ListSkeleton.tsx';
import { invitationFromSearch, INVITATION_PARAM, TOKEN_PARAM } from '../invitation-link.ts';

/**
 * `/profile/installations`: the invitations waiting for the user's answer, the installations the
 * user owns, then those shared with the user (with the owner's name and the user's limits).
 * Opened from an invitation's e-mail (`?invitation=…&token=…`), that invitation comes first,
 * accepted with the link's token.
 */
export function InstallationsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const installations = useUserInstallations();
  const invitations = useInvitations();
  const link = invitationFromSearch(search);

  const forgetLink = () => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(INVITATION_PARAM);
        next.delete(TOKEN_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  if (installations.isError && !installations.data) {
    return (
      <div className="flex flex-1 flex-col" data-testid="my-installations-error">
        <ErrorState
          level={2}
          title={t('error.fetchCharging')}
          text={t('installations.errorText')}
          action={
            <Button pending={installations.isFetching} onClick={() => void installations.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!installations.data || invitations.isPending) {
    return (
      <Screen>
        <ListSkeleton label={t('installations.loading')} />
      </Screen>
    );
  }

  const items = installations.data;
  const own = items.filter((i) => i.role === 'own');
  const shared = items.filter((i) => i.role === 'shared');
  const waiting = (invitations.data ?? []).filter(
    (i) => i.direction === 'received' && i.state === 'pending' && i.id !== link?.id,
  );

  if (items.length === 0 && waiting.length === 0 && !link && !invitations.isError) {
    return (
      <div className="flex flex-1 flex-col" data-testid="my-installations-empty">
        <EmptyState
          level={2}
          icon={<PlugZap size={28} />}
          title={t('installations.emptyTitle')}
          text={t('installations.emptyText')}
        />
      </div>
    );
  }

  return (
    <Screen>
      {link && invitations.data && (
        <LinkedInvitation link={link} invitations={invitations.data} onDone={forgetLink} />
      )}
      {invitations.isError && (
        <RetryNotice
          text={t('installations.invitationsFailed')}
          retryLabel={t('common.retry')}
          pending={invitations.isFetching}
          onRetry={() => void invitations.refetch()}
          testId="invitations-error"
        />
      )}
      {waiting.length > 0 && (
        <Section title={t('installations.invitations')} testId="received-invitations">
          {waiting.map((invitation) => (
            <InvitationCard key={invitation.id} invitation={invitation} />
          ))}
        </Section>
      )}
      <InstallationGroup title={t('installations.own')} items={own} testId="own-installations" />
      <InstallationGroup
        title={t('installations.shared')}
        items={shared}
        testId="shared-installations"
      />
    </Screen>
  );
}

function InstallationGroup({
  title,
  items,
  testId,
}: {
  title: string;
  items: readonly UserInstallation[];
  testId: string;
}) {
  if (items.length === 0) return null;
  return (
    <Section title={title} testId={testId}>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        {items.map((installation) => (
          <InstallationRow key={installation.id} installation={installation} />
        ))}
      </ul>
    </Section>
  );
}
