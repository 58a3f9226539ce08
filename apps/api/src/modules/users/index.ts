/**
 * The user records and their one-time codes. Account and auth both build on them, so they live
 * in a module of their own below both, and neither of the two imports the other's tables.
 */
export {
  anonymiseUser,
  claimCodeTry,
  consumeCodeById,
  consumeCodeByHash,
  findUserByEmail,
  findUserById,
  insertCode,
  insertUser,
  retireCodes,
  updateUser,
} from './repo.ts';
export type { NewUser, UserRow } from './repo.ts';
