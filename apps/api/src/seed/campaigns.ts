import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { campaignImages, campaigns } from '../db/schema/index.ts';
import { readImageInfo, storeImage } from '../modules/campaigns/index.ts';
import { carWashPicture, coffeePicture } from './campaign-art.ts';
import { cachedDrawing } from './drawing-cache.ts';

/**
 * The demo's two campaigns about the station's offers. Fixed ids make the seed idempotent: a
 * second run finds them and adds nothing.
 */
export const DEMO_CAMPAIGNS = [
  {
    id: '6d1f3c52-8a47-4d0e-9c11-2f5b7e0a9c01',
    imageId: '6d1f3c52-8a47-4d0e-9c11-2f5b7e0a9c11',
    picture: coffeePicture,
    position: 1,
    titleFo: 'Gott kaffi hvønn dag',
    titleEn: 'Good coffee every day',
    contentFo:
      'Við kaffihaldi fært tú kaffi á øllum støðum okkara fyri eitt fast gjald um mánaðin. Tekna hald í appini, og skanna síðan kotuna á kaffimaskinuni.',
    contentEn:
      'With a coffee subscription you get coffee at all our stations for a fixed price a month. Subscribe in the app, then scan the code on the coffee machine.',
  },
  {
    id: '6d1f3c52-8a47-4d0e-9c11-2f5b7e0a9c02',
    imageId: '6d1f3c52-8a47-4d0e-9c11-2f5b7e0a9c12',
    picture: carWashPicture,
    position: 2,
    titleFo: 'Skínandi reinur bilur',
    titleEn: 'A sparkling clean car',
    contentFo:
      'Vel vask á støðini, gjald í appini og byrja vaskin beinleiðis frá telefonini. Á skíggjanum sært tú, hvussu langt vaskurin er komin.',
    contentEn:
      'Choose a wash at the station, pay in the app and start it right from your phone. The screen shows how far the wash has got.',
  },
] as const;

/**
 * Adds the demo campaigns, running from the start of today with no end, to a database that has
 * no campaign at all; a database with campaigns of its own is left as it is.
 */
export async function seedCampaigns(db: Db, now = new Date()): Promise<void> {
  const [any] = await db.select({ id: campaigns.id }).from(campaigns).limit(1);
  if (any) return;
  const startsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  for (const { picture, imageId, ...campaign } of DEMO_CAMPAIGNS) {
    const [image] = await db
      .select({ id: campaignImages.id })
      .from(campaignImages)
      .where(eq(campaignImages.id, imageId));
    if (!image) {
      const bytes = cachedDrawing(imageId, picture);
      const info = readImageInfo(bytes);
      if (!info) throw new Error('a demo campaign picture is not a picture');
      await storeImage(db, bytes, info, { id: imageId });
    }
    await db
      .insert(campaigns)
      .values({ ...campaign, imageId, startsAt, endsAt: null })
      .onConflictDoNothing();
  }
}
