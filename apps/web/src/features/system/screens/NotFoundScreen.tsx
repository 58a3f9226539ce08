import { MapPinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { ErrorState } from '@stod/ui/States.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.status === 'signedIn');
  return (
    <div data-testid="not-found" className="flex flex-1 flex-col">
      <ErrorState
        icon={<MapPinOff size={28} />}
        title={t('notFound.title')}
        text={t('error.notFound')}
        action={
          <ButtonLink to={signedIn ? paths.home : paths.start}>{t('common.toHome')}</ButtonLink>
        }
      />
    </div>
  );
}
