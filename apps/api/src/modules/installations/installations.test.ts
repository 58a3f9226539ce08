import type { Invitation, UserInstallation } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, lastMailTo, registration, type TestApp } from '../../test/app.ts';
import {
  answer,
  invitationFromMail,
  invite,
  ownerWithCharger,
  person,
  setLimits,
  share,
} from '../../test/installations.ts';
import { pdfText } from '../../test/pdf-text.ts';

// The owner's side of an installation: who may see it, open it to the public, share it, set a
// share's limits and remove it. A shared user asking for the owner's actions gets 403, anyone
// else 404.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const mine = async (token: string) =>
  (await get(token, '/api/user/installations')).json<{ items: UserInstallation[] }>().items;
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

/** An owner, their private charger, and a guest it is shared with. */
async function sharedSetup() {
  const { owner, charger } = await ownerWithCharger(t.app);
  const guest = await person(t.app);
  const shareId = await share(t.app, owner, charger.installationId, guest);
  return { owner, charger, guest, shareId, id: charger.installationId };
}

describe('GET /user/installations', () => {
  it('lists those owned first, then those shared, each with its role and limits', async () => {
    const { owner, guest, id } = await sharedSetup();
    const own = await ownerWithCharger(t.app, { public: true });
    await share(t.app, own.owner, own.charger.installationId, owner);

    const list = await mine(owner.token);
    expect(list.map((i) => [i.id, i.role])).toEqual([
      [id, 'own'],
      [own.charger.installationId, 'shared'],
    ]);
    expect(list[0]).toMatchObject({ limits: null, usersCount: 1, public: false });
    expect(list[1]?.limits).toMatchObject({
      endsAt: null,
      monthlyKwhCap: null,
      pricePerKwh: 0,
      usedThisMonthWh: 0,
      refusal: null,
    });
    expect(list[1]?.ownerName).toBe(registration().name);
    expect(list[1]?.chargers[0]?.tariff).toEqual({ type: 'kWh', price: 0 });

    const guestList = await mine(guest.token);
    expect(guestList.map((i) => [i.id, i.role])).toEqual([[id, 'shared']]);
    expect(guestList[0]?.usersCount).toBe(0);
  });

  it('shows a stranger none of them, and answers 401 without a session', async () => {
    const { id } = await sharedSetup();
    const stranger = await person(t.app);
    expect(await mine(stranger.token)).toEqual([]);
    expect((await get(stranger.token, `/api/user/installations/${id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/user/installations' })).statusCode).toBe(401);
  });

  it('reads one installation for its owner and its shared user, 400 for a bad id', async () => {
    const { owner, guest, id } = await sharedSetup();
    expect((await get(owner.token, `/api/user/installations/${id}`)).json()).toMatchObject({
      role: 'own',
    });
    expect((await get(guest.token, `/api/user/installations/${id}`)).json()).toMatchObject({
      role: 'shared',
    });
    expect((await get(owner.token, '/api/user/installations/nope')).statusCode).toBe(400);
    expect((await get(owner.token, `/api/user/installations/${NO_SUCH}`)).statusCode).toBe(404);
  });
});

describe('PATCH /installations/{id}/toggle-public', () => {
  const toggle = (token: string, id: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/installations/${id}/toggle-public`,
      headers: bearer(token),
    });

  it('opens the installation to everyone and closes it again, for the owner only', async () => {
    const { owner, guest, id } = await sharedSetup();
    const stranger = await person(t.app);
    const strangerSees = async () =>
      (await get(stranger.token, '/api/installations'))
        .json<{ items: { id: string }[] }>()
        .items.some((i) => i.id === id);
    expect(await strangerSees()).toBe(false);

    const opened = await toggle(owner.token, id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id, public: true, role: 'own' });
    expect(await strangerSees()).toBe(true);

    expect((await toggle(guest.token, id)).statusCode).toBe(403);
    expect((await toggle(stranger.token, id)).statusCode).toBe(404);
    expect((await toggle(owner.token, 'x')).statusCode).toBe(400);
    expect((await toggle(owner.token, id)).json()).toMatchObject({ public: false });
    expect(await strangerSees()).toBe(false);
  });
});

describe('installation invitations', () => {
  it('invites by e-mail; the invitee sees it, accepts with the link, and gets a free share', async () => {
    const { owner, charger } = await ownerWithCharger(t.app);
    const guest = await person(t.app);
    const sent = await invite(t.app, owner.token, charger.installationId, guest.email);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ state: 'pending', direction: 'sent', email: guest.email });
    const { id, token, mail, link } = await invitationFromMail(t.app, guest.email);
    expect(mail?.subject).toContain('Heima');
    expect(link).toContain('/profile/installations?invitation=');

    const received = (await get(guest.token, '/api/installation-invitations')).json<{
      items: Invitation[];
    }>().items;
    expect(received).toEqual([
      expect.objectContaining({ id, direction: 'received', state: 'pending' }),
    ]);
    const ownerSees = (await get(owner.token, '/api/installation-invitations')).json<{
      items: Invitation[];
    }>().items;
    expect(ownerSees.map((i) => [i.id, i.direction])).toEqual([[id, 'sent']]);

    // The address is not verified: only the token from the e-mail proves it.
    const bare = await answer(t.app, guest.token, id, 'accept');
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: 'INVITATION_TOKEN' });
    // Its body is optional: no body at all is the same request, not a malformed one.
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/installation-invitations/${id}/accept`,
      headers: bearer(guest.token),
    });
    expect(none.statusCode, none.body).toBe(403);
    expect(none.json()).toMatchObject({ code: 'INVITATION_TOKEN' });
    expect((await answer(t.app, guest.token, id, 'accept', { token: 'wrong' })).statusCode).toBe(
      403,
    );
    const accepted = await answer(t.app, guest.token, id, 'accept', { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'accepted' });
    // Asked again, it is the same answer, and still one share.
    expect((await answer(t.app, guest.token, id, 'accept', { token })).statusCode).toBe(200);
    expect((await mine(guest.token)).map((i) => i.role)).toEqual(['shared']);
    const me = (await get(guest.token, '/api/user/v2')).json<{ emailVerified: boolean }>();
    expect(me.emailVerified).toBe(true);
  });

  it('refuses bad input, a second pending invitation, the owner themselves and a present user', async () => {
    const { owner, guest, id } = await sharedSetup();
    const bad = await invite(t.app, owner.token, id, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { email: expect.any(String) } });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/installation-invitations',
      headers: bearer(owner.token),
      payload: { installationId: id, email: 'a@b.fo', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect((await invite(t.app, owner.token, 'x', 'a@b.fo')).statusCode).toBe(400);

    expect((await invite(t.app, owner.token, id, 'new.person@example.fo')).statusCode).toBe(201);
    const twice = await invite(t.app, owner.token, id, 'NEW.person@example.fo');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'INVITATION_EXISTS' });
    expect((await invite(t.app, owner.token, id, owner.email)).json()).toMatchObject({
      code: 'INVITE_SELF',
    });
    expect((await invite(t.app, owner.token, id, guest.email)).json()).toMatchObject({
      code: 'ALREADY_SHARED',
    });
  });

  it('lets only the owner invite: 403 for a shared user, 404 for a stranger', async () => {
    const { guest, id } = await sharedSetup();
    const stranger = await person(t.app);
    expect((await invite(t.app, guest.token, id, 'x@example.fo')).statusCode).toBe(403);
    expect((await invite(t.app, stranger.token, id, 'x@example.fo')).statusCode).toBe(404);
    expect((await invite(t.app, stranger.token, NO_SUCH, 'x@example.fo')).statusCode).toBe(404);
  });

  it('lets only the invitee answer, and the owner withdraw', async () => {
    const { owner, charger } = await ownerWithCharger(t.app);
    const guest = await person(t.app);
    const stranger = await person(t.app);
    await invite(t.app, owner.token, charger.installationId, guest.email);
    const { id, token } = await invitationFromMail(t.app, guest.email);
    expect((await get(stranger.token, '/api/installation-invitations')).json()).toEqual({
      items: [],
    });
    expect((await answer(t.app, stranger.token, id, 'accept', { token })).statusCode).toBe(404);
    expect((await answer(t.app, stranger.token, id, 'decline')).statusCode).toBe(404);
    expect((await answer(t.app, owner.token, id, 'accept', { token })).statusCode).toBe(404);
    const withdraw = (token_: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/installation-invitations/${id}`,
        headers: bearer(token_),
      });
    expect((await withdraw(stranger.token)).statusCode).toBe(404);
    expect((await withdraw(guest.token)).statusCode).toBe(404);
    expect((await withdraw(owner.token)).statusCode).toBe(204);
    const late = await answer(t.app, guest.token, id, 'accept', { token });
    expect(late.statusCode).toBe(409);
    expect(await mine(guest.token)).toEqual([]);
  });

  it('records a decline, after which the invitation cannot be accepted or withdrawn', async () => {
    const { owner, charger } = await ownerWithCharger(t.app);
    const guest = await person(t.app);
    await invite(t.app, owner.token, charger.installationId, guest.email);
    const { id, token } = await invitationFromMail(t.app, guest.email);
    const declined = await answer(t.app, guest.token, id, 'decline');
    expect(declined.json()).toMatchObject({ state: 'declined' });
    expect((await answer(t.app, guest.token, id, 'accept', { token })).statusCode).toBe(409);
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/installation-invitations/${id}`,
      headers: bearer(owner.token),
    });
    expect(withdrawn.statusCode).toBe(409);
    expect((await answer(t.app, guest.token, 'x', 'decline')).statusCode).toBe(400);
  });

  it('leads an address without an account to registration, then to the invitation', async () => {
    const { owner, charger } = await ownerWithCharger(t.app);
    const email = `newcomer-${String(Date.now())}@example.fo`;
    expect((await invite(t.app, owner.token, charger.installationId, email)).statusCode).toBe(201);
    const { id, token, mail } = await invitationFromMail(t.app, email);
    expect(mail?.text).toContain('kontu');

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: registration({ email }),
    });
    expect(created.statusCode).toBe(201);
    const newcomer = created.json<{ access_token: string }>().access_token;
    const listed = (await get(newcomer, '/api/installation-invitations')).json<{
      items: Invitation[];
    }>().items;
    expect(listed.map((i) => i.id)).toEqual([id]);
    expect((await answer(t.app, newcomer, id, 'accept', { token })).statusCode).toBe(200);
    expect((await mine(newcomer)).map((i) => [i.id, i.role])).toEqual([
      [charger.installationId, 'shared'],
    ]);
  });
});

describe('a new user who answers in the app, without the e-mail’s link', () => {
  it('is refused until the address is verified with the e-mail code, then accepts', async () => {
    const { owner, charger } = await ownerWithCharger(t.app);
    const email = `in-app-${String(Date.now())}@example.fo`;
    await invite(t.app, owner.token, charger.installationId, email);
    const { id } = await invitationFromMail(t.app, email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: registration({ email }),
    });
    const newcomer = created.json<{ access_token: string }>().access_token;
    const refused = await answer(t.app, newcomer, id, 'accept');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INVITATION_TOKEN' });
    // The e-mail code for the address the user already has: it becomes verified.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/user/request-update-email',
      headers: bearer(newcomer),
      payload: { email },
    });
    expect(asked.statusCode).toBe(204);
    const code = /(\d{4})/.exec((await lastMailTo(t.app, email))?.subject ?? '')?.[1];
    expect(code).toMatch(/^\d{4}$/);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-email',
      headers: bearer(newcomer),
      payload: { email, token: code },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email, emailVerified: true });
    const accepted = await answer(t.app, newcomer, id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'accepted' });
  });
});

describe('users with access', () => {
  it('lists the users for the owner, with their limits; 403 shared, 404 stranger', async () => {
    const { owner, guest, id, shareId } = await sharedSetup();
    const stranger = await person(t.app);
    const users = await get(owner.token, `/api/installations/${id}/users`);
    expect(users.json()).toEqual({
      items: [
        expect.objectContaining({
          id: shareId,
          userId: guest.id,
          email: guest.email,
          limits: expect.objectContaining({ pricePerKwh: 0, monthlyKwhCap: null }),
        }),
      ],
    });
    expect((await get(guest.token, `/api/installations/${id}/users`)).statusCode).toBe(403);
    expect((await get(stranger.token, `/api/installations/${id}/users`)).statusCode).toBe(404);
  });

  it('sets and clears a share’s end date, cap and price; refuses bad values', async () => {
    const { owner, guest, shareId } = await sharedSetup();
    const stranger = await person(t.app);
    const endsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const set = await setLimits(t.app, owner.token, shareId, {
      endsAt,
      monthlyKwhCap: 100,
      pricePerKwh: 150,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      limits: { endsAt, monthlyKwhCap: 100, pricePerKwh: 150, refusal: null },
    });
    const cleared = await setLimits(t.app, owner.token, shareId, { endsAt: null });
    expect(cleared.json()).toMatchObject({ limits: { endsAt: null, monthlyKwhCap: 100 } });

    for (const bad of [
      { pricePerKwh: -1 },
      { pricePerKwh: 1.5 },
      { pricePerKwh: 100_000 },
      { monthlyKwhCap: 0 },
      { endsAt: 'tomorrow' },
      { role: 'owner' },
    ]) {
      const res = await setLimits(t.app, owner.token, shareId, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await setLimits(t.app, guest.token, shareId, { pricePerKwh: 0 })).statusCode).toBe(403);
    expect((await setLimits(t.app, stranger.token, shareId, { pricePerKwh: 0 })).statusCode).toBe(
      404,
    );
    expect((await setLimits(t.app, owner.token, NO_SUCH, { pricePerKwh: 0 })).statusCode).toBe(404);
    const guestView = await mine(guest.token);
    expect(guestView[0]?.limits).toMatchObject({ monthlyKwhCap: 100, pricePerKwh: 150 });
    expect(guestView[0]?.chargers[0]?.tariff).toEqual({ type: 'kWh', price: 150 });
  });

  it('removes access: the owner, or the user leaving; never a stranger', async () => {
    const first = await sharedSetup();
    const stranger = await person(t.app);
    const remove = (token: string, shareId: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/installations/users/${shareId}`,
        headers: bearer(token),
      });
    expect((await remove(stranger.token, first.shareId)).statusCode).toBe(404);
    expect((await remove(first.owner.token, first.shareId)).statusCode).toBe(204);
    expect(await mine(first.guest.token)).toEqual([]);
    expect((await get(first.guest.token, `/api/installations/${first.id}`)).statusCode).toBe(404);
    expect((await remove(first.owner.token, first.shareId)).statusCode).toBe(404);

    const second = await sharedSetup();
    expect((await remove(second.guest.token, second.shareId)).statusCode).toBe(204);
    expect(await mine(second.guest.token)).toEqual([]);
  });
});

describe('earnings', () => {
  it('answers the owner a month’s figures and its statement; 403 shared, 404 stranger', async () => {
    const { owner, guest, id } = await sharedSetup();
    const stranger = await person(t.app);
    const res = await get(owner.token, `/api/installations/${id}/earnings?month=2026-01`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      installationId: id,
      month: '2026-01',
      publicEnergyWh: 0,
      publicCredit: 0,
      sharedEnergyWh: 0,
      sharedCredit: 0,
      total: 0,
      charges: 0,
      payouts: [],
    });
    for (const bad of ['2026-13', '26-01', 'now'])
      expect(
        (await get(owner.token, `/api/installations/${id}/earnings?month=${bad}`)).statusCode,
      ).toBe(400);
    expect((await get(guest.token, `/api/installations/${id}/earnings`)).statusCode).toBe(403);
    expect((await get(stranger.token, `/api/installations/${id}/earnings`)).statusCode).toBe(404);

    const pdf = await t.app.inject({
      url: `/api/installations/${id}/earnings/statement?month=2026-01`,
      headers: { ...bearer(owner.token), 'accept-language': 'fo' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Inntøkuyvirlit');
    expect(text).toContain('01.2026');
    expect(text).toContain('Ongar ladingar henda mánaðin.');
    expect((await get(guest.token, `/api/installations/${id}/earnings/statement`)).statusCode).toBe(
      403,
    );
  });
});

describe('charges at an installation', () => {
  it('answers 404 to a stranger and to a shared user asking for another user, 400 for bad paging', async () => {
    const { owner, guest, id } = await sharedSetup();
    const stranger = await person(t.app);
    const url = (whose: string, query = '') =>
      `/api/installations/${id}/users/${whose}/charges${query}`;
    expect((await get(owner.token, url(owner.id))).json()).toEqual({ items: [], total: 0 });
    expect((await get(owner.token, url(guest.id))).statusCode).toBe(200);
    expect((await get(guest.token, url(guest.id))).statusCode).toBe(200);
    expect((await get(guest.token, url(owner.id))).statusCode).toBe(404);
    expect((await get(stranger.token, url(stranger.id))).statusCode).toBe(404);
    expect((await get(owner.token, url(owner.id, '?take=101'))).statusCode).toBe(400);
    expect((await get(owner.token, url(owner.id, '?offset=-1'))).statusCode).toBe(400);
    expect((await get(owner.token, url('nope'))).statusCode).toBe(400);
  });
});
