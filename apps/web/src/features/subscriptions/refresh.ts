import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUser, setCurrentUser } from '../../lib/current-user.ts';
import { userSubscriptionsQueryKey } from '../../lib/user-subscriptions.ts';

/**
 * After a change: the list on this screen and the signed-in user, whose userSubscriptions other
 * features read (a beverage needs one, spec §6).
 */
export async function refreshSubscriptions(queryClient: QueryClient): Promise<void> {
  const [, [user]] = await Promise.all([
    queryClient.invalidateQueries({ queryKey: userSubscriptionsQueryKey }),
    getCurrentUser(),
  ]);
  if (user) setCurrentUser(user);
}

/**
 * Whether an answer means the subscriptions have changed: a success, or a 409 or 404 that says
 * they are not what this screen showed (another device changed them, or a lost answer's request
 * went through).
 */
export function changedBy(error: { statusCode: number } | null): boolean {
  return error === null || error.statusCode === 409 || error.statusCode === 404;
}
