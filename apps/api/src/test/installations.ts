import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, lastMailTo, registerUser } from './app.ts';
import { registerCharger, type ChargerSetup } from './chargers.ts';

/** A registered user with their id. */
export async function person(app: FastifyInstance) {
  const user = await registerUser(app);
  const me = await app.inject({ url: '/api/user/v2', headers: bearer(user.token) });
  return { ...user, id: me.json<{ id: string }>().id };
}
export type Person = Awaited<ReturnType<typeof person>>;

/** An owner with a charger at their own installation (private unless told). */
export async function ownerWithCharger(app: FastifyInstance, setup: ChargerSetup = {}) {
  const owner = await person(app);
  const charger = await registerCharger(app, { public: false, ...setup, ownerEmail: owner.email });
  return { owner, charger };
}

/** The invitation's id and token from the link in its e-mail. */
export async function invitationFromMail(app: FastifyInstance, email: string) {
  const mail = await lastMailTo(app, email);
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  const query = new URL(link).searchParams;
  return { id: query.get('invitation') ?? '', token: query.get('token') ?? '', mail, link };
}

export function invite(app: FastifyInstance, token: string, installationId: string, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/installation-invitations',
    headers: bearer(token),
    payload: { installationId, email },
  });
}

export function answer(
  app: FastifyInstance,
  token: string,
  id: string,
  verb: 'accept' | 'decline',
  body: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/installation-invitations/${id}/${verb}`,
    headers: bearer(token),
    payload: body,
  });
}

/** Shares the installation with `guest` the way people do: an invitation, its e-mail, accept. */
export async function share(
  app: FastifyInstance,
  owner: { token: string },
  installationId: string,
  guest: { token: string; email: string; id: string },
) {
  expect((await invite(app, owner.token, installationId, guest.email)).statusCode).toBe(201);
  const { id, token } = await invitationFromMail(app, guest.email);
  expect((await answer(app, guest.token, id, 'accept', { token })).statusCode).toBe(200);
  const users = await app.inject({
    url: `/api/installations/${installationId}/users`,
    headers: bearer(owner.token),
  });
  const entry = users
    .json<{ items: { id: string; userId: string }[] }>()
    .items.find((u) => u.userId === guest.id);
  if (!entry) throw new Error('no share made');
  return entry.id;
}

export function setLimits(
  app: FastifyInstance,
  token: string,
  shareId: string,
  limits: Record<string, unknown>,
) {
  return app.inject({
    method: 'PATCH',
    url: `/api/installations/users/${shareId}`,
    headers: bearer(token),
    payload: limits,
  });
}
