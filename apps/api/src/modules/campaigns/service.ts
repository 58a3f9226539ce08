import { createHash } from 'node:crypto';
import {
  CAMPAIGN_IMAGE_MAX_BYTES,
  campaignImageTypes,
  campaignState,
  isCampaignWindowValid,
  localized,
  type AdminCampaign,
  type Campaign,
  type CampaignCreate,
  type CampaignImageType,
  type CampaignUpdate,
  type Locale,
} from '@stod/domain';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { readImageInfo, type ImageInfo } from './image-info.ts';
import { campaignImageStore } from './image-store.ts';
import * as repo from './repo.ts';

/** Relative to the API's origin; the picture's id changes whenever the picture does. */
export const campaignImageUrl = (id: string) => `/api/campaigns/images/${id}`;

const pictureOf = (image: repo.ImageSize) => ({
  url: campaignImageUrl(image.id),
  width: image.width,
  height: image.height,
});

const publicView = ({ campaign, image }: repo.CampaignWithImage, locale: Locale): Campaign => ({
  id: campaign.id,
  title: localized(campaign.titleFo, campaign.titleEn, locale),
  content: localized(campaign.contentFo, campaign.contentEn, locale),
  image: image ? pictureOf(image) : null,
});

const adminView = ({ campaign, image }: repo.CampaignWithImage, now: Date): AdminCampaign => ({
  id: campaign.id,
  titleFo: campaign.titleFo,
  titleEn: campaign.titleEn,
  contentFo: campaign.contentFo,
  contentEn: campaign.contentEn,
  image: image ? { id: image.id, ...pictureOf(image) } : null,
  position: campaign.position,
  startsAt: campaign.startsAt.toISOString(),
  endsAt: campaign.endsAt?.toISOString() ?? null,
  state: campaignState(campaign.startsAt, campaign.endsAt, now),
  createdAt: campaign.createdAt.toISOString(),
  updatedAt: campaign.updatedAt.toISOString(),
});

/** Spec §4: the campaigns shown now, in the order the app opens them, in the caller's language. */
export async function listActive(ctx: ServiceContext, locale: Locale): Promise<Campaign[]> {
  const rows = await repo.listActive(ctx.db, ctx.clock.now());
  return rows.map((row) => publicView(row, locale));
}

export async function listForOperator(ctx: ServiceContext, offset: number, take: number) {
  const { items, total } = await repo.listAll(ctx.db, offset, take);
  const now = ctx.clock.now();
  return { items: items.map((row) => adminView(row, now)), total };
}

export async function getForOperator(ctx: ServiceContext, id: string): Promise<AdminCampaign> {
  const row = await repo.find(ctx.db, id);
  if (!row) throw notFound();
  return adminView(row, ctx.clock.now());
}

/** A field's refusal in the shape of a validation error, checked against what is stored. */
const invalid = (field: string, key: 'error.campaignWindow' | 'validation.invalid') =>
  new AppError(400, 'VALIDATION', 'validation.form', { [field]: key });

function checkWindow(startsAt: Date, endsAt: Date | null) {
  if (!isCampaignWindowValid(startsAt, endsAt)) throw invalid('endsAt', 'error.campaignWindow');
}

async function requireImage(db: Db, imageId: string) {
  if (!(await repo.findImageSize(db, imageId))) throw invalid('imageId', 'validation.invalid');
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

export async function create(
  ctx: ServiceContext,
  input: CampaignCreate,
  by: string,
): Promise<AdminCampaign> {
  const startsAt = toDate(input.startsAt) ?? ctx.clock.now();
  const endsAt = toDate(input.endsAt);
  checkWindow(startsAt, endsAt);
  const id = await ctx.db.transaction(async (tx) => {
    if (input.imageId) await requireImage(tx, input.imageId);
    return repo.insert(tx, {
      titleFo: input.titleFo,
      titleEn: input.titleEn,
      contentFo: input.contentFo,
      contentEn: input.contentEn,
      imageId: input.imageId ?? null,
      position: input.position,
      startsAt,
      endsAt,
      createdBy: by,
    });
  });
  ctx.log.info({ campaignId: id, by }, 'campaign created');
  return getForOperator(ctx, id);
}

/**
 * Changes only the fields given. The window is checked with what is stored, so moving the start
 * past a stored end is refused like a bad end. A replaced picture that nothing else shows is
 * deleted with the edit.
 */
export async function update(
  ctx: ServiceContext,
  id: string,
  patch: CampaignUpdate,
  by: string,
): Promise<AdminCampaign> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lock(tx, id);
    if (!row) throw notFound();
    const startsAt = patch.startsAt === undefined ? row.startsAt : new Date(patch.startsAt);
    const endsAt = patch.endsAt === undefined ? row.endsAt : toDate(patch.endsAt);
    checkWindow(startsAt, endsAt);
    if (patch.imageId) await requireImage(tx, patch.imageId);
    const { titleFo, titleEn, contentFo, contentEn, imageId, position } = patch;
    const changes = { titleFo, titleEn, contentFo, contentEn, imageId, position, startsAt, endsAt };
    await repo.update(
      tx,
      id,
      Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    );
    if (imageId !== undefined && row.imageId && row.imageId !== imageId)
      await repo.removeImageIfUnused(tx, row.imageId);
  });
  ctx.log.info({ campaignId: id, by, fields: Object.keys(patch) }, 'campaign edited');
  return getForOperator(ctx, id);
}

/**
 * Ends a running campaign now: the app stops showing it. Asked again, it changes nothing; one
 * that has not started cannot end before its start (delete it, or move its dates).
 */
export async function end(ctx: ServiceContext, id: string, by: string): Promise<AdminCampaign> {
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction(async (tx) => {
    const row = await repo.lock(tx, id);
    if (!row) throw notFound();
    if (row.startsAt.getTime() >= now.getTime())
      throw new AppError(409, 'CAMPAIGN_NOT_STARTED', 'error.campaignNotStarted');
    if (campaignState(row.startsAt, row.endsAt, now) === 'ended') return false;
    await repo.update(tx, id, { endsAt: now });
    return true;
  });
  if (ended) ctx.log.info({ campaignId: id, by }, 'campaign ended');
  return getForOperator(ctx, id);
}

/** Deletes a campaign, and its picture when no other campaign shows it. */
export async function remove(ctx: ServiceContext, id: string, by: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.remove(tx, id);
    if (!row) throw notFound();
    if (row.imageId) await repo.removeImageIfUnused(tx, row.imageId);
  });
  ctx.log.info({ campaignId: id, by }, 'campaign deleted');
}

export const imageTypeRefused = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'error.imageType');
export const imageTooLarge = () => new AppError(413, 'IMAGE_TOO_LARGE', 'error.imageTooLarge');

const isImageType = (value: string): value is CampaignImageType =>
  (campaignImageTypes as readonly string[]).includes(value);

/**
 * Keeps an uploaded picture. The declared type must be PNG, JPEG or WebP, and the bytes must
 * really be that type: a picture every customer's app shows is not taken on its label.
 */
export async function uploadImage(
  ctx: ServiceContext,
  upload: { contentType: string | undefined; bytes: unknown; by: string },
) {
  const declared = (upload.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!isImageType(declared) || !Buffer.isBuffer(upload.bytes)) throw imageTypeRefused();
  const bytes = upload.bytes;
  if (bytes.length > CAMPAIGN_IMAGE_MAX_BYTES) throw imageTooLarge();
  const info = readImageInfo(bytes);
  if (info?.type !== declared) throw imageTypeRefused();
  const id = await storeImage(ctx.db, bytes, info, { createdBy: upload.by });
  ctx.log.info({ imageId: id, by: upload.by, size: bytes.length }, 'campaign picture uploaded');
  return { id, url: campaignImageUrl(id), width: info.width, height: info.height };
}

/**
 * Keeps a picture's bytes in the image store and its row; answers its id. The demo seed gives
 * its pictures fixed ids, so a second run finds them there and adds nothing.
 */
export async function storeImage(
  db: Db,
  bytes: Buffer,
  info: ImageInfo,
  options: { id?: string; createdBy?: string | null } = {},
): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const stored = await campaignImageStore().put(bytes, { sha256, contentType: info.type });
  return repo.insertImage(db, {
    ...(options.id ? { id: options.id } : {}),
    contentType: info.type,
    size: bytes.length,
    sha256,
    ...stored,
    width: info.width,
    height: info.height,
    createdBy: options.createdBy ?? null,
  });
}

/** A picture's type, size and sha256 (its ETag), without its bytes. */
export async function findImage(ctx: ServiceContext, id: string) {
  const head = await repo.findImageHead(ctx.db, id);
  if (!head) throw notFound();
  return head;
}

export async function readImage(
  ctx: ServiceContext,
  id: string,
  head: { storageKey: string | null },
): Promise<Buffer> {
  const bytes = head.storageKey ? null : await repo.findImageBytes(ctx.db, id);
  const read = await campaignImageStore().read({ bytes, storageKey: head.storageKey });
  if (!read) throw notFound();
  return read;
}
