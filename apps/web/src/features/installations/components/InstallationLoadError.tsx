import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { isUnknown } from '../api/get-user-installation.ts';

/**
 * An installation that is not the user's (or no longer shared with them), or one that could not
 * be read: the §8 text with a retry.
 */
export function InstallationLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const unknown = isUnknown(error);
  return (
    <div className="flex flex-1 flex-col" data-testid="my-installation-error">
      <ErrorState
        level={2}
        title={unknown ? t('charging.notFoundTitle') : t('error.fetchCharging')}
        action={
          unknown ? (
            <ButtonLink to={paths.installations} variant="secondary">
              {t('installations.toList')}
            </ButtonLink>
          ) : (
            <Button pending={retrying} onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )
        }
      />
    </div>
  );
}
