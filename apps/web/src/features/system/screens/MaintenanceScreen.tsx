import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@stod/ui/Button.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { useMaintenance } from '../api/get-maintenance.ts';

/** The shell brings the user here and away again; this screen only shows and re-checks. */
export function MaintenanceScreen() {
  const { t } = useTranslation();
  const maintenance = useMaintenance();
  return (
    <div data-testid="maintenance" className="flex flex-1 flex-col">
      <ErrorState
        icon={<Wrench size={28} />}
        title={t('maintenance.title')}
        text={maintenance.data?.message ?? t('maintenance.text')}
        action={
          <Button
            variant="secondary"
            pending={maintenance.isFetching}
            onClick={() => void maintenance.refetch()}
          >
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
