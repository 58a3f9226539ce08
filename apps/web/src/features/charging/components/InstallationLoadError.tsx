import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { isUnknownInstallation } from '../api/get-installation.ts';

/** An installation that does not exist (or is not the user's to use), or could not be read. */
export function InstallationLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col" data-testid="installation-error">
      <ErrorState
        level={2}
        title={
          isUnknownInstallation(error)
            ? t('charging.notFoundTitle')
            : t('charging.installationFailed')
        }
        action={
          <ButtonLink to={paths.chargingInstallations} variant="secondary">
            {t('charging.toList')}
          </ButtonLink>
        }
      />
    </div>
  );
}
