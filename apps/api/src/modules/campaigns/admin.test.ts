import type { AdminCampaign, Campaign } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { campaignBody, inHours, pngOf, uploadImage } from '../../test/campaigns.ts';
import { signInAsStaff } from '../../test/staff.ts';

let t: TestApp;
let operator: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  operator = bearer(await signInAsStaff(t.app, { role: 'operator' }));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = operator,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function create(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/campaigns', campaignBody(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminCampaign>();
}
const get = async (id: string) =>
  (await call('GET', `/api/admin/campaigns/${id}`)).json<AdminCampaign>();
const total = async () =>
  (await call('GET', '/api/admin/campaigns?take=1')).json<{ total: number }>().total;
const upload = async () =>
  (await uploadImage(t.app, operator, pngOf(16, 9))).json<{ id: string; url: string }>();

describe('who may manage campaigns', () => {
  it('refuses a customer and station staff (403) and a guest (401) on every route', async () => {
    const made = await create({ startsAt: inHours(-1) });
    const customer = bearer((await registerUser(t.app)).token);
    const station = bearer(await signInAsStaff(t.app, { role: 'station' }));
    const kitchen = bearer(await signInAsStaff(t.app, { role: 'kitchen' }));
    const routes: [Method, string, Record<string, unknown>?][] = [
      ['GET', '/api/admin/campaigns'],
      ['GET', `/api/admin/campaigns/${made.id}`],
      ['POST', '/api/admin/campaigns', campaignBody()],
      ['PATCH', `/api/admin/campaigns/${made.id}`, { titleFo: 'Hijacked' }],
      ['POST', `/api/admin/campaigns/${made.id}/end`],
      ['DELETE', `/api/admin/campaigns/${made.id}`],
    ];
    const before = await total();
    for (const [method, url, payload] of routes) {
      for (const headers of [customer, station, kitchen]) {
        const res = await call(method, url, payload, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      expect((await call(method, url, payload, {})).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await total()).toBe(before);
    expect(await get(made.id)).toEqual(made);
  });
});

describe('bad inputs', () => {
  it('answers 400 with localized field messages and creates nothing', async () => {
    const before = await total();
    const missing = await call('POST', '/api/admin/campaigns', {
      titleFo: 'Bert føroyskt',
      contentFo: 'Bert føroyskt innihald.',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Ein ella fleiri teigar eru ikki rætt útfyltir. Rætta teir áðrenn tú heldur fram.',
      fieldErrors: { titleEn: 'Teigurin er kravdur.', contentEn: 'Teigurin er kravdur.' },
    });
    const long = await call(
      'POST',
      '/api/admin/campaigns',
      campaignBody({ titleEn: 'x'.repeat(81), contentFo: 'y'.repeat(1001), titleFo: '   ' }),
      { ...operator, 'accept-language': 'en' },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      fieldErrors: {
        titleFo: 'The field is required.',
        titleEn: 'The text is too long.',
        contentFo: 'The text is too long.',
      },
    });
    const window = await call(
      'POST',
      '/api/admin/campaigns',
      campaignBody({ startsAt: inHours(2), endsAt: inHours(1) }),
    );
    expect(window.statusCode).toBe(400);
    expect(window.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { endsAt: 'Endin má vera seinni enn byrjanin.' },
    });
    const sameMoment = inHours(1);
    const windowEn = await call(
      'POST',
      '/api/admin/campaigns',
      campaignBody({ startsAt: sameMoment, endsAt: sameMoment }),
      { ...operator, 'accept-language': 'en' },
    );
    expect(windowEn.json()).toMatchObject({
      fieldErrors: { endsAt: 'The end must be later than the start.' },
    });
    for (const extra of [
      { imageId: '00000000-0000-4000-8000-000000000000' },
      { imageId: 'picture.png' },
      { startsAt: 'tomorrow' },
      { position: -1 },
      { colour: 'red' },
      { titleFo: 'Ein\u0000títul' },
    ]) {
      const res = await call('POST', '/api/admin/campaigns', campaignBody(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors)).toEqual(
        Object.keys(extra),
      );
    }
    expect(await total()).toBe(before);
  });

  it('checks an edit against what is stored, and changes nothing when it is refused', async () => {
    const made = await create({ startsAt: inHours(-1), endsAt: inHours(5) });
    const late = await call('PATCH', `/api/admin/campaigns/${made.id}`, {
      titleFo: 'Nýtt heiti',
      startsAt: inHours(6),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      fieldErrors: { endsAt: 'Endin má vera seinni enn byrjanin.' },
    });
    const empty = await call('PATCH', `/api/admin/campaigns/${made.id}`, { contentEn: ' ' });
    expect(empty.json()).toMatchObject({ fieldErrors: { contentEn: 'Teigurin er kravdur.' } });
    const unknown = await call('PATCH', `/api/admin/campaigns/${made.id}`, { state: 'ended' });
    expect(unknown.json()).toMatchObject({
      fieldErrors: { state: 'Hesin teigurin er ikki loyvdur.' },
    });
    expect(await get(made.id)).toEqual(made);
  });

  it('answers 404 for a campaign that does not exist', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/admin/campaigns/${nobody}`)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/admin/campaigns/${nobody}`, { titleFo: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/admin/campaigns/${nobody}/end`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/campaigns/${nobody}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/campaigns/7')).statusCode).toBe(400);
  });
});

describe('managing campaigns', () => {
  it('creates a campaign that starts now when no start is given', async () => {
    const image = await upload();
    const before = Date.now();
    const made = await create({ imageId: image.id, position: 3 });
    expect(made).toMatchObject({
      state: 'active',
      endsAt: null,
      position: 3,
      image: { id: image.id, url: image.url, width: 16, height: 9 },
    });
    expect(Date.parse(made.startsAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(made.startsAt)).toBeLessThanOrEqual(Date.now());
  });

  it('edits only the fields given; a new picture replaces the old, which is deleted', async () => {
    const first = await upload();
    const made = await create({ startsAt: inHours(-1), imageId: first.id });
    const second = await upload();
    const res = await call('PATCH', `/api/admin/campaigns/${made.id}`, {
      titleEn: 'Half-price wash',
      imageId: second.id,
      endsAt: inHours(24),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<AdminCampaign>();
    expect(edited).toMatchObject({
      titleFo: made.titleFo,
      titleEn: 'Half-price wash',
      contentFo: made.contentFo,
      image: { id: second.id },
      state: 'active',
    });
    expect(edited.endsAt).not.toBeNull();
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.updatedAt));
    expect((await t.app.inject({ url: first.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second.url })).statusCode).toBe(200);

    const shown = await t.app.inject({
      url: '/api/campaigns/active',
      headers: { ...operator, 'accept-language': 'en' },
    });
    expect(shown.json<Campaign[]>().find((c) => c.id === made.id)).toMatchObject({
      title: 'Half-price wash',
      image: { url: second.url },
    });

    const bare = await call('PATCH', `/api/admin/campaigns/${made.id}`, {
      imageId: null,
      endsAt: null,
    });
    expect(bare.json()).toMatchObject({ image: null, endsAt: null });
    expect((await t.app.inject({ url: second.url })).statusCode).toBe(404);
  });

  it('ends a running campaign now, once; one not yet started cannot end', async () => {
    const made = await create({ startsAt: inHours(-1) });
    const ended = await call('POST', `/api/admin/campaigns/${made.id}/end`);
    expect(ended.statusCode).toBe(200);
    const endedAt = ended.json<AdminCampaign>().endsAt;
    expect(Date.parse(endedAt!)).toBeLessThanOrEqual(Date.now());
    expect(ended.json()).toMatchObject({ state: 'ended' });
    const again = await call('POST', `/api/admin/campaigns/${made.id}/end`);
    expect(again.json()).toMatchObject({ state: 'ended', endsAt: endedAt });

    const later = await create({ startsAt: inHours(1) });
    const refused = await call('POST', `/api/admin/campaigns/${later.id}/end`, undefined, {
      ...operator,
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      statusCode: 409,
      code: 'CAMPAIGN_NOT_STARTED',
      message: 'The campaign has not started yet. Delete it or change its dates.',
    });
    expect(await get(later.id)).toEqual(later);
  });

  it('deletes a campaign and the picture no other campaign shows', async () => {
    const shared = await upload();
    const one = await create({ startsAt: inHours(-1), imageId: shared.id });
    const other = await create({ startsAt: inHours(-1), imageId: shared.id });
    const before = await total();
    const res = await call('DELETE', `/api/admin/campaigns/${one.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await total()).toBe(before - 1);
    expect((await call('GET', `/api/admin/campaigns/${one.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/campaigns/${one.id}`)).statusCode).toBe(404);
    // The other campaign still shows the picture.
    expect((await t.app.inject({ url: shared.url })).statusCode).toBe(200);
    await call('DELETE', `/api/admin/campaigns/${other.id}`);
    expect((await t.app.inject({ url: shared.url })).statusCode).toBe(404);
  });

  it('lists every campaign newest first with its state', async () => {
    const scheduled = await create({ startsAt: inHours(1) });
    const running = await create({ startsAt: inHours(-1) });
    const over = await create({ startsAt: inHours(-2), endsAt: inHours(-1) });
    const res = await call('GET', '/api/admin/campaigns?take=3');
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: AdminCampaign[]; total: number }>();
    expect(page.items.map((c) => [c.id, c.state])).toEqual([
      [over.id, 'ended'],
      [running.id, 'active'],
      [scheduled.id, 'scheduled'],
    ]);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/api/admin/campaigns?take=101')).statusCode).toBe(400);
  });
});
