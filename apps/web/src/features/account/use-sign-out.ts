import { useNavigate } from 'react-router';
import { endSession } from '../../lib/current-user.ts';
import { useSignOut } from './api/sign-out.ts';

/** Logout: revoke the token, forget it on the device and go to login. */
export function useSignOutFlow() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const run = async () => {
    await signOut.mutateAsync();
    await endSession();
    await navigate('/', { replace: true });
  };
  return { run, pending: signOut.isPending };
}
