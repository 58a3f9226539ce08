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
