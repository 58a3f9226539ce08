import type { ModuleDefinition } from '../../platform/modules.ts';
import { accountRoutes } from './routes.ts';
export {
  changePassword,
  confirmEmailChange,
  currentUser,
  currentUserById,
  deleteAccount,
  getUser,
  register,
  requestEmailChange,
  setLocale,
  updateProfile,
} from './service.ts';

export const accountModule: ModuleDefinition = { name: 'account', routes: [accountRoutes] };
