import type { UserInstallation } from '@stod/domain';
import { ChevronRight, House, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { cn } from '@stod/ui/cn.ts';
import { formatLastDay } from '../format.ts';
import { usageText } from '../limits-text.ts';
import { InstallationBadges } from './InstallationBadges.tsx';

/**
 * One of the user's installations. The owner sees whether it is public and how many users have
 * access; a shared user sees the owner and their own limits: this month's use and the end date.
 */
export function InstallationRow({ installation }: { installation: UserInstallation }) {
  const { t } = useTranslation();
  const own = installation.role === 'own';
  const Icon = own ? House : Users;
  return (
    <li>
      <Link
        to={paths.installation(installation.id)}
        data-testid="my-installation"
        data-installation-id={installation.id}
        data-role={installation.role}
        className="flex min-h-20 w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand active:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            own ? 'bg-emerald-700 text-white' : 'bg-violet-700 text-white',
          )}
        >
          <Icon size={20} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span
            data-testid="my-installation-name"
            className="truncate text-base font-semibold text-slate-900"
          >
            {installation.name}
          </span>
          <InstallationBadges installation={installation} />
          <span
            className="flex flex-col text-sm text-slate-700"
            data-testid="my-installation-detail"
          >
            {own ? (
              <span>{t('installations.usersCount', { count: installation.usersCount })}</span>
            ) : (
              <SharedDetail installation={installation} />
            )}
            <span className="tabular-nums">
              {t('charging.free', {
                free: installation.connectorsFree,
                total: installation.connectorsTotal,
              })}
            </span>
          </span>
        </span>
        <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-slate-500" />
      </Link>
    </li>
  );
}

function SharedDetail({ installation }: { installation: UserInstallation }) {
  const { t } = useTranslation();
  const limits = installation.limits;
  return (
    <>
      {installation.ownerName && (
        <span>{t('installations.ownerName', { name: installation.ownerName })}</span>
      )}
      {limits && (
        <span className="tabular-nums" data-testid="my-installation-limits">
          {[
            usageText(t, limits),
            limits.endsAt && t('installations.validUntil', { date: formatLastDay(limits.endsAt) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      )}
    </>
  );
}
