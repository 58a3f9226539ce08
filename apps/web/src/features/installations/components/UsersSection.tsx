import { formatCurrency, type InstallationUser } from '@stod/domain';
import { ChevronRight, UserPlus, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useInstallationUsers } from '../api/get-installation-users.ts';
import { formatLastDay } from '../format.ts';
import { usageText } from '../limits-text.ts';
import { Badge } from './Badge.tsx';

/** The owner's view of who may charge here, each with their limits, and the way to invite. */
export function UsersSection({ installationId }: { installationId: string }) {
  const { t } = useTranslation();
  const users = useInstallationUsers(installationId);
  return (
    <Section title={t('installations.users')} testId="installation-users">
      {users.isError && !users.data ? (
        <RetryNotice
          text={t('installations.usersFailed')}
          retryLabel={t('common.retry')}
          pending={users.isFetching}
          onRetry={() => void users.refetch()}
        />
      ) : !users.data ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      ) : users.data.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-4 text-base text-slate-700 ring-1 ring-slate-200">
          {t('installations.usersEmpty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          {users.data.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </ul>
      )}
      <ButtonLink
        to={paths.installationShare(installationId)}
        variant="secondary"
        icon={<UserPlus size={20} aria-hidden="true" />}
      >
        {t('installations.share')}
      </ButtonLink>
    </Section>
  );
}

function UserRow({ user }: { user: InstallationUser }) {
  const { t } = useTranslation();
  const { limits } = user;
  const price =
    limits.pricePerKwh === 0
      ? t('charging.priceFree')
      : t('charging.perKwh', { price: formatCurrency(limits.pricePerKwh) });
  return (
    <li>
      <Link
        to={paths.installationShareUser(user.installationId, user.userId)}
        data-testid="installation-user"
        data-user-id={user.userId}
        className="flex min-h-16 w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand active:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-strong"
        >
          <UserRound size={20} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate text-base font-semibold text-slate-900">{user.name}</span>
            {limits.refusal && (
              <Badge tone="warning">
                {t(
                  limits.refusal === 'ended'
                    ? 'installations.refusal.ended'
                    : 'installations.refusal.cap',
                )}
              </Badge>
            )}
          </span>
          <span className="text-sm break-all text-slate-600">{user.email}</span>
          <span
            className="text-sm text-slate-700 tabular-nums"
            data-testid="installation-user-limits"
          >
            {[
              usageText(t, limits),
              price,
              limits.endsAt &&
                t('installations.validUntil', { date: formatLastDay(limits.endsAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
        <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-slate-500" />
      </Link>
    </li>
  );
}
