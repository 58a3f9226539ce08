import type { Campaign } from '@stod/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignImages, campaigns } from '../../db/schema/index.ts';
import { ART_HEIGHT, ART_WIDTH } from '../../seed/campaign-art.ts';
import { DEMO_CAMPAIGNS, seedCampaigns } from '../../seed/campaigns.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { readImageInfo } from './image-info.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: typeof campaigns | typeof campaignImages) =>
  (await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe('the demo campaigns', () => {
  it('are seeded once, with their pictures, and shown in both languages', async () => {
    await seedCampaigns(t.app.ctx.db);
    await seedCampaigns(t.app.ctx.db);
    expect(await count(campaigns)).toBe(2);
    expect(await count(campaignImages)).toBe(2);

    const user = await registerUser(t.app);
    for (const locale of ['fo', 'en'] as const) {
      const res = await t.app.inject({
        url: '/api/campaigns/active',
        headers: { ...bearer(user.token), 'accept-language': locale },
      });
      const shown = res.json<Campaign[]>();
      expect(shown.map((c) => c.title)).toEqual(
        DEMO_CAMPAIGNS.map((c) => (locale === 'fo' ? c.titleFo : c.titleEn)),
      );
      for (const campaign of shown) {
        expect(campaign.image).toMatchObject({ width: ART_WIDTH, height: ART_HEIGHT });
        const picture = await t.app.inject({ url: campaign.image!.url });
        expect(picture.statusCode).toBe(200);
        expect(readImageInfo(picture.rawPayload)).toEqual({
          type: 'image/png',
          width: ART_WIDTH,
          height: ART_HEIGHT,
        });
        // Small enough for a phone on a slow line.
        expect(picture.rawPayload.length).toBeLessThan(120_000);
      }
    }
  });

  it('are not added again to a database that has campaigns of its own', async () => {
    await t.app.ctx.db.delete(campaigns).where(sql`true`);
    await t.app.ctx.db.insert(campaigns).values({
      titleFo: 'Okkara egna',
      titleEn: 'Our own',
      contentFo: 'Innihald.',
      contentEn: 'Content.',
      startsAt: new Date(),
    });
    await seedCampaigns(t.app.ctx.db);
    expect(await count(campaigns)).toBe(1);
  });
});
