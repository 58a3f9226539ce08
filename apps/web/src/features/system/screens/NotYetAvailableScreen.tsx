import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { useRouteMeta, useRouteTitle } from '../../../lib/route-meta.ts';
import { useSession } from '../../../lib/session.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { EmptyState } from '@stod/ui/States.tsx';

/** Stands in for the screens of later issues: the route's title and one line. */
export function NotYetAvailableScreen() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const title = useRouteTitle(meta);
  const signedIn = useSession((s) => s.status === 'signedIn');
  return (
    <div data-testid="not-yet-available" className="flex flex-1 flex-col">
      <EmptyState
        icon={<Hourglass size={28} />}
        title={title}
        text={t('notYet.text')}
        tone={meta.isDark ? 'dark' : 'light'}
        level={meta.header ? 2 : 1}
        action={
          <ButtonLink to={signedIn ? paths.home : paths.start} variant="secondary">
            {t('common.toHome')}
          </ButtonLink>
        }
      />
    </div>
  );
}
