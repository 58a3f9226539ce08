import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An uploaded campaign picture. The bytes live in the database, so every API process serves the
 * same picture; `storage_key` names the object instead when pictures are kept in object storage.
 */
export const campaignImages = pgTable(
  'campaign_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The content's sha256, hex: the picture's ETag. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes'),
    storageKey: text('storage_key'),
    width: integer('width'),
    height: integer('height'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'campaign_images_stored_check',
      sql`${t.bytes} is not null or ${t.storageKey} is not null`,
    ),
  ],
);

/**
 * A campaign shown in the app's campaign modal while `starts_at <= now < ends_at` (no end: until
 * ended). Title and content are kept in both of the app's languages.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleFo: text('title_fo').notNull(),
    titleEn: text('title_en').notNull(),
    contentFo: text('content_fo').notNull(),
    contentEn: text('content_en').notNull(),
    imageId: uuid('image_id').references(() => campaignImages.id, { onDelete: 'set null' }),
    /** Lower first: the order in which the app opens the active campaigns. */
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_window_idx').on(t.startsAt, t.endsAt),
    check('campaigns_window_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);
