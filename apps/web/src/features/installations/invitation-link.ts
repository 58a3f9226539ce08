/**
 * The invitation e-mail's link: `/profile/installations?invitation=<id>&token=<token>`. The
 * token proves the mailbox, so an account whose address is not verified yet can accept.
 */
export const INVITATION_PARAM = 'invitation';
export const TOKEN_PARAM = 'token';

export interface InvitationLink {
  id: string;
  token: string | undefined;
}

export function invitationFromSearch(search: URLSearchParams): InvitationLink | null {
  const id = search.get(INVITATION_PARAM)?.trim();
  if (!id) return null;
  const token = search.get(TOKEN_PARAM)?.trim();
  return { id, token: token ? token : undefined };
}
