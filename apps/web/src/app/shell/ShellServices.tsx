import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client.ts';
import { ModalHost } from '@stod/ui/ModalHost.tsx';
import { ToastHost } from '@stod/ui/ToastHost.tsx';
import { usePushStartup } from '../../features/push/use-push-startup.ts';
import { useDeepLinks } from './useDeepLinks.ts';
import { useLocationServices } from './useLocationServices.ts';
import { useMaintenanceRedirect } from './useMaintenanceRedirect.ts';
import { useNativeBackButton } from './useNativeBackButton.ts';
import { useUpdateCheck } from './useUpdateCheck.ts';

interface Props {
  routeName: string;
  backAllowed: boolean;
}

function Services({ routeName, backAllowed }: Props) {
  useMaintenanceRedirect(routeName);
  useUpdateCheck();
  useNativeBackButton(backAllowed);
  useDeepLinks();
  useLocationServices();
  usePushStartup();
  return null;
}

/**
 * The modal and toast hosts, the checks that talk to the API (maintenance, app version) and the
 * location poll.
 * Loaded right after the first paint, so their schemas and the query client do not weigh on it.
 */
export default function ShellServices(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <Services {...props} />
      <ModalHost />
      <ToastHost />
    </QueryClientProvider>
  );
}
