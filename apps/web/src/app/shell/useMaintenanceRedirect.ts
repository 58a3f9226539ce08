import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { maintenanceQueryOptions } from '../../features/system/api/get-maintenance.ts';
import { useAppState } from '../../lib/app-state.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';

/** Spec §4 Maintenance: checked at start and every 5 minutes, never during a transaction. */
export function useMaintenanceRedirect(routeName: string): void {
  const navigate = useNavigate();
  const offline = useAppState((s) => s.noNetworkConnection);
  const inTransaction = useAppState((s) => s.transactionInProgress);
  const signedIn = useSession((s) => s.status === 'signedIn');
  const { data } = useQuery({ ...maintenanceQueryOptions(), enabled: !offline });

  useEffect(() => {
    if (!data || routeName === 'no-network') return;
    if (data.maintenance && !inTransaction && routeName !== 'maintenance') {
      void navigate(paths.maintenance, { replace: true });
    } else if (!data.maintenance && routeName === 'maintenance') {
      void navigate(signedIn ? paths.home : paths.start, { replace: true });
    }
  }, [data, inTransaction, routeName, navigate, signedIn]);
}
