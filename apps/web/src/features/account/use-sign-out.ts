import { useNavigate } from 'react-router';
import { endSession } from '../../lib/current-user.ts';
import { paths } from '../../lib/paths.ts';
import { useSignOut } from './api/sign-out.ts';

/** Logout: revoke the token, forget it on the device and go to login. */
export function useSignOutFlow() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const leave = async () => {
    await endSession();
    await navigate(paths.start, { replace: true });
  };
  const run = () => {
    // Signed out on the device whether or not the server could revoke the token.
    signOut.mutate(undefined, { onSettled: () => void leave() });
  };
  return { run, pending: signOut.isPending };
}
