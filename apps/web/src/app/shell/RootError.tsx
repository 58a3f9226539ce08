import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundScreen } from '../../features/system/screens/NotFoundScreen.tsx';
import { Button } from '@stod/ui/Button.tsx';
import { ErrorState } from '@stod/ui/States.tsx';

/** Last resort when a screen throws: a friendly message and a way back in. */
export function RootError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  console.error(error);
  return (
    <div className="mx-auto flex min-h-dvh max-w-[480px] flex-col bg-white">
      <ErrorState
        title={t('crash.title')}
        text={t('error.tryAgain')}
        action={<Button onClick={() => window.location.assign('/')}>{t('common.toHome')}</Button>}
      />
    </div>
  );
}
