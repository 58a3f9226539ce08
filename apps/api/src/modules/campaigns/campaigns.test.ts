import type { AdminCampaign, Campaign } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { campaignBody, inHours, pngOf, uploadImage } from '../../test/campaigns.ts';
import { signInAsStaff } from '../../test/staff.ts';

let t: TestApp;
let operator: Record<string, string>;
let customer: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  operator = bearer(await signInAsStaff(t.app, { role: 'operator' }));
  customer = bearer((await registerUser(t.app)).token);
});
afterAll(() => t.close());

async function create(extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: operator,
    payload: campaignBody(extra),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminCampaign>();
}

async function active(locale?: string) {
  const res = await t.app.inject({
    url: '/api/campaigns/active',
    headers: { ...customer, ...(locale ? { 'accept-language': locale } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Campaign[]>();
}
const activeIds = async () => (await active()).map((c) => c.id);

describe('GET /api/campaigns/active', () => {
  it('shows a campaign inside its window, in the language asked for', async () => {
    const { id: imageId } = (await uploadImage(t.app, operator, pngOf(64, 36))).json<{
      id: string;
    }>();
    const made = await create({ startsAt: inHours(-1), endsAt: inHours(1), imageId });
    expect(made.state).toBe('active');
    const image = { url: `/api/campaigns/images/${imageId}`, width: 64, height: 36 };
    expect((await active('fo')).find((c) => c.id === made.id)).toEqual({
      id: made.id,
      title: made.titleFo,
      content: made.contentFo,
      image,
    });
    expect((await active('en')).find((c) => c.id === made.id)).toEqual({
      id: made.id,
      title: made.titleEn,
      content: made.contentEn,
      image,
    });
    // No Accept-Language: Faroese, the app's first language.
    expect((await active()).find((c) => c.id === made.id)?.title).toBe(made.titleFo);
  });

  it('shows a campaign without an end or a picture', async () => {
    const made = await create({ startsAt: inHours(-1) });
    expect((await active()).find((c) => c.id === made.id)).toMatchObject({ image: null });
  });

  it('leaves out a campaign before its start and after its end, in either language', async () => {
    const later = await create({ startsAt: inHours(1), endsAt: inHours(2) });
    const over = await create({ startsAt: inHours(-2), endsAt: inHours(-1) });
    expect(later.state).toBe('scheduled');
    expect(over.state).toBe('ended');
    for (const locale of ['fo', 'en']) {
      const ids = (await active(locale)).map((c) => c.id);
      expect(ids).not.toContain(later.id);
      expect(ids).not.toContain(over.id);
    }
  });

  it('leaves out a campaign the operator ended', async () => {
    const made = await create({ startsAt: inHours(-1) });
    expect(await activeIds()).toContain(made.id);
    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${made.id}/end`,
      headers: operator,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'ended' });
    expect(await activeIds()).not.toContain(made.id);
    expect((await active('en')).map((c) => c.id)).not.toContain(made.id);
  });

  it('orders by position, then by start', async () => {
    const third = await create({ position: 50, startsAt: inHours(-3) });
    const second = await create({ position: 40, startsAt: inHours(-1) });
    const first = await create({ position: 40, startsAt: inHours(-2) });
    const mine = new Set([first.id, second.id, third.id]);
    expect((await activeIds()).filter((id) => mine.has(id))).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
  });

  it('is for signed-in users', async () => {
    const res = await t.app.inject({ url: '/api/campaigns/active' });
    expect(res.statusCode).toBe(401);
  });
});
