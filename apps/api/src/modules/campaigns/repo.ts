import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignImages, campaigns } from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = typeof campaigns.$inferInsert;
export type CampaignImageValues = typeof campaignImages.$inferInsert;

/** A campaign with the size of its picture, which the app needs before the picture loads. */
const withImage = {
  campaign: campaigns,
  image: { id: campaignImages.id, width: campaignImages.width, height: campaignImages.height },
};
export type CampaignWithImage = { campaign: CampaignRow; image: ImageSize | null };
export type ImageSize = { id: string; width: number | null; height: number | null };

/** Shown now: `starts_at <= now < ends_at`, or no end; in the order the app opens them. */
export function listActive(db: Db, now: Date): Promise<CampaignWithImage[]> {
  return db
    .select(withImage)
    .from(campaigns)
    .leftJoin(campaignImages, eq(campaignImages.id, campaigns.imageId))
    .where(
      and(lte(campaigns.startsAt, now), or(isNull(campaigns.endsAt), gt(campaigns.endsAt, now))),
    )
    .orderBy(asc(campaigns.position), asc(campaigns.startsAt), asc(campaigns.id));
}

/** Every campaign, newest first. */
export async function listAll(db: Db, offset: number, take: number) {
  const [items, [count]] = await Promise.all([
    db
      .select(withImage)
      .from(campaigns)
      .leftJoin(campaignImages, eq(campaignImages.id, campaigns.imageId))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .offset(offset)
      .limit(take),
    db.select({ n: sql<number>`count(*)::int` }).from(campaigns),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function find(db: Db, id: string): Promise<CampaignWithImage | undefined> {
  const [row] = await db
    .select(withImage)
    .from(campaigns)
    .leftJoin(campaignImages, eq(campaignImages.id, campaigns.imageId))
    .where(eq(campaigns.id, id));
  return row;
}

/** The row, locked until the caller's transaction ends, so two edits apply one after the other. */
export async function lock(db: Db, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  return row;
}

export async function insert(db: Db, values: CampaignValues): Promise<string> {
  const [row] = await db.insert(campaigns).values(values).returning({ id: campaigns.id });
  if (!row) throw new Error('campaign insert returned nothing');
  return row.id;
}

export async function update(db: Db, id: string, values: Partial<CampaignValues>) {
  await db
    .update(campaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(campaigns.id, id));
}

/** Deletes a campaign; answers the picture it had, or undefined when there was no campaign. */
export async function remove(db: Db, id: string) {
  const [row] = await db
    .delete(campaigns)
    .where(eq(campaigns.id, id))
    .returning({ imageId: campaigns.imageId });
  return row;
}

export async function insertImage(db: Db, values: CampaignImageValues): Promise<string> {
  const [row] = await db.insert(campaignImages).values(values).returning({ id: campaignImages.id });
  if (!row) throw new Error('campaign image insert returned nothing');
  return row.id;
}

export async function findImageSize(db: Db, id: string): Promise<ImageSize | undefined> {
  const [row] = await db
    .select(withImage.image)
    .from(campaignImages)
    .where(eq(campaignImages.id, id));
  return row;
}

/** What answers a picture's request before its bytes are read: a 304 needs no more. */
export async function findImageHead(db: Db, id: string) {
  const [row] = await db
    .select({
      contentType: campaignImages.contentType,
      size: campaignImages.size,
      sha256: campaignImages.sha256,
      storageKey: campaignImages.storageKey,
    })
    .from(campaignImages)
    .where(eq(campaignImages.id, id));
  return row;
}

export async function findImageBytes(db: Db, id: string) {
  const [row] = await db
    .select({ bytes: campaignImages.bytes })
    .from(campaignImages)
    .where(eq(campaignImages.id, id));
  return row?.bytes ?? null;
}

/** Deletes a picture that no campaign shows any more. */
export async function removeImageIfUnused(db: Db, imageId: string) {
  const [used] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.imageId, imageId))
    .limit(1);
  if (!used) await db.delete(campaignImages).where(eq(campaignImages.id, imageId));
}
