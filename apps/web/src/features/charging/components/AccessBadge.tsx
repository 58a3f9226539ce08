import type { InstallationAccess } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';

const looks: Record<InstallationAccess, string> = {
  own: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  public: 'bg-sky-100 text-sky-900 ring-sky-300',
  shared: 'bg-violet-100 text-violet-900 ring-violet-300',
};

const keys = {
  own: 'charging.access.own',
  public: 'charging.access.public',
  shared: 'charging.access.shared',
} as const satisfies Record<InstallationAccess, string>;

/** Whose installation it is: the user's own, a public one, or one shared with the user. */
export function AccessBadge({ access }: { access: InstallationAccess }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="installation-access"
      data-access={access}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        looks[access],
      )}
    >
      {t(keys[access])}
    </span>
  );
}
