import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { isOnline } from '../../../platform/network.ts';
import { Button } from '@stod/ui/Button.tsx';
import { ErrorState } from '@stod/ui/States.tsx';

/** Bundled with the shell: it must render when no chunk can be fetched. */
export function NoNetworkScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const retry = async () => {
    if (await isOnline()) await navigate(paths.home, { replace: true });
  };
  return (
    <div data-testid="no-network" className="flex flex-1 flex-col">
      <ErrorState
        icon={<WifiOff size={28} />}
        title={t('noNetwork.title')}
        text={t('error.noNetwork')}
        action={
          <Button variant="secondary" onClick={() => void retry()}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
