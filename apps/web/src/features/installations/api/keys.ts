/**
 * The query keys of the installations' screens. Everything under `installationsKey` belongs to
 * the user's own and shared installations, so one invalidation refreshes them all.
 */
export const installationsKey = ['user-installations'] as const;

export const installationListKey = [...installationsKey, 'list'] as const;
export const installationKey = (id: string) => [...installationsKey, 'one', id] as const;
export const installationUsersKey = (id: string) => [...installationsKey, 'users', id] as const;
export const installationChargesKey = (id: string, userId: string) =>
  [...installationsKey, 'charges', id, userId] as const;
export const earningsKey = (id: string, month: string) =>
  [...installationsKey, 'earnings', id, month] as const;

/** Invitations sent and received: another list, read beside the installations. */
export const invitationsKey = ['installation-invitations'] as const;
