export { callback, recentVerification, start, VERIFICATION_VALID_MS } from './service.ts';
