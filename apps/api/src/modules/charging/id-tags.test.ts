import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import { boot16, boot201, listen, registerCharger, scriptedCharger } from '../../test/chargers.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer } from '../../test/stations.ts';

// RFID tags with a standing: an operator creates, changes and removes them, and a charger is
// told each tag's standing at Authorize.

let t: TestApp;
let url: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  operator = await signInAsStaff(t.app, { role: 'operator' });
});
afterAll(() => t.close());

let serial = 0;
const newTag = () => {
  serial += 1;
  return `04ST${String(Date.now() % 1e8)}${String(serial).padStart(3, '0')}`;
};

const put = (idTag: string, payload: Record<string, unknown>, token = operator) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/id-tags/${idTag}`,
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload,
  });

describe('PUT, GET and DELETE /api/admin/id-tags/{idTag}', () => {
  it('creates a tag for a holder, changes its standing, and tells the charger each time', async () => {
    const user = await cardCustomer(t.app);
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    try {
      await boot16(station);
      const authorize = async (idTag: string) =>
        ((await station.call('Authorize', { idTag })).idTagInfo as { status: string }).status;
      const idTag = newTag();
      expect(await authorize(idTag)).toBe('Invalid');

      const created = await put(idTag, { email: user.email, status: 'Accepted' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        idTag,
        userId: user.id,
        email: user.email,
        status: 'Accepted',
        expiryDate: null,
        parentIdTag: null,
      });
      expect(await authorize(idTag)).toBe('Accepted');

      const blocked = await put(idTag, { status: 'Blocked' });
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json()).toMatchObject({ status: 'Blocked', email: user.email });
      expect(await authorize(idTag)).toBe('Blocked');

      expect((await put(idTag, { status: 'Invalid' })).statusCode).toBe(200);
      expect(await authorize(idTag)).toBe('Invalid');

      // Accepted, but past its expiry date.
      const past = new Date(Date.now() - 60_000).toISOString();
      const expired = await put(idTag, { status: 'Accepted', expiryDate: past });
      expect(expired.json()).toMatchObject({ status: 'Accepted', expiryDate: past });
      expect(await authorize(idTag)).toBe('Expired');
      const future = new Date(Date.now() + 86_400_000).toISOString();
      await put(idTag, { status: 'Accepted', expiryDate: future });
      expect(await authorize(idTag)).toBe('Accepted');
      await put(idTag, { status: 'Expired', expiryDate: null });
      expect(await authorize(idTag)).toBe('Expired');

      const read = await t.app.inject({
        url: `/api/admin/id-tags/${idTag}`,
        headers: bearer(operator),
      });
      expect(read.json()).toMatchObject({ idTag, status: 'Expired', expiryDate: null });

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/id-tags/${idTag}`,
        headers: bearer(operator),
      });
      expect(removed.statusCode).toBe(204);
      expect(await authorize(idTag)).toBe('Invalid');
      expect(
        (await t.app.inject({ url: `/api/admin/id-tags/${idTag}`, headers: bearer(operator) }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/admin/id-tags/${idTag}`,
            headers: bearer(operator),
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await station.close();
    }
  });

  it('keeps a group: the parent must be a registered tag other than itself', async () => {
    const user = await cardCustomer(t.app);
    const parent = newTag();
    const child = newTag();
    expect((await put(parent, { email: user.email, status: 'Accepted' })).statusCode).toBe(201);
    const grouped = await put(child, {
      email: user.email,
      status: 'Accepted',
      parentIdTag: parent,
    });
    expect(grouped.json()).toMatchObject({ parentIdTag: parent });
    // Left out, the group stays; null takes it away.
    expect((await put(child, { status: 'Blocked' })).json()).toMatchObject({ parentIdTag: parent });
    expect((await put(child, { status: 'Accepted', parentIdTag: null })).json()).toMatchObject({
      parentIdTag: null,
    });
    for (const parentIdTag of [child, 'NO-SUCH-TAG']) {
      const res = await put(child, { status: 'Accepted', parentIdTag });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ fieldErrors: { parentIdTag: expect.any(String) } });
    }
  });

  it('tells chargers a known tag’s expiry and group: 1.6 idTagInfo, 2.0.1 idTokenInfo', async () => {
    const user = await cardCustomer(t.app);
    const parent = newTag();
    const idTag = newTag();
    const expiry = new Date(Date.now() + 86_400_000).toISOString();
    await put(parent, { email: user.email, status: 'Accepted' });
    await put(idTag, {
      email: user.email,
      status: 'Blocked',
      expiryDate: expiry,
      parentIdTag: parent,
    });
    const old = await registerCharger(t.app);
    const station16 = await scriptedCharger(url, old.identity);
    const newer = await registerCharger(t.app);
    const station201 = await scriptedCharger(url, newer.identity, { protocol: 'ocpp2.0.1' });
    try {
      await boot16(station16);
      expect(await station16.call('Authorize', { idTag })).toEqual({
        idTagInfo: { status: 'Blocked', expiryDate: expiry, parentIdTag: parent },
      });
      // A tag nobody knows has nothing to cache beside its standing.
      expect(await station16.call('Authorize', { idTag: 'NOBODY-KNOWS' })).toEqual({
        idTagInfo: { status: 'Invalid' },
      });
      await boot201(station201);
      expect(
        await station201.call('Authorize', { idToken: { idToken: idTag, type: 'ISO14443' } }),
      ).toEqual({
        idTokenInfo: {
          status: 'Blocked',
          cacheExpiryDateTime: expiry,
          groupIdToken: { idToken: parent, type: 'Central' },
        },
      });
    } finally {
      await station16.close();
      await station201.close();
    }
  });

  it('refuses bad input with a field error, and changes nothing', async () => {
    const user = await cardCustomer(t.app);
    const idTag = newTag();
    // A new tag needs its holder.
    const noHolder = await put(idTag, { status: 'Accepted' });
    expect(noHolder.statusCode).toBe(422);
    expect(noHolder.json()).toMatchObject({ fieldErrors: { email: expect.any(String) } });
    const unknown = await put(idTag, { email: 'nobody-here@example.fo', status: 'Accepted' });
    expect(unknown.statusCode).toBe(422);
    for (const payload of [
      { email: user.email, status: 'Maybe' },
      { email: user.email },
      { email: user.email, status: 'Accepted', expiryDate: 'tomorrow' },
      { email: user.email, status: 'Accepted', extra: true },
      { email: 'not an address', status: 'Accepted' },
    ])
      expect((await put(idTag, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await put('x'.repeat(21), { email: user.email, status: 'Accepted' })).statusCode).toBe(
      400,
    );
    expect(
      (await t.app.inject({ url: `/api/admin/id-tags/${idTag}`, headers: bearer(operator) }))
        .statusCode,
    ).toBe(404);
  });

  it('is for operators only', async () => {
    const user = await cardCustomer(t.app);
    const idTag = newTag();
    await put(idTag, { email: user.email, status: 'Accepted' });
    const station = await signInAsStaff(t.app, { role: 'station', stationIds: [] });
    for (const token of [user.token, station]) {
      expect((await put(idTag, { status: 'Blocked' }, token)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ url: `/api/admin/id-tags/${idTag}`, headers: bearer(token) }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/admin/id-tags/${idTag}`,
            headers: bearer(token),
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await t.app.inject({ url: `/api/admin/id-tags/${idTag}`, headers: bearer(operator) })
      ).json(),
    ).toMatchObject({ status: 'Accepted' });
  });
});
