import type { ModuleDefinition } from '../../platform/modules.ts';
import { authRoutes } from './routes.ts';
export {
  announceRevoked,
  authenticate,
  confirmPassword,
  createSession,
  mailStaffInvitation,
  rateLimited,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
} from './service.ts';
// Account ends the other sessions inside its own transaction when a password changes.
export { revokeUserSessions } from './repo.ts';

export const authModule: ModuleDefinition = { name: 'auth', routes: [authRoutes] };
