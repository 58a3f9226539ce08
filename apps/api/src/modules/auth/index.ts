export {
  announceRevoked,
  authenticate,
  confirmPassword,
  createSession,
  rateLimited,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
} from './service.ts';
// Account ends the other sessions inside its own transaction when a password changes.
export { revokeUserSessions } from './repo.ts';
