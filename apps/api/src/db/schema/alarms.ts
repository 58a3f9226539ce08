import { sql } from 'drizzle-orm';
import type { AlarmKind, AlarmSeverity, AlarmSubject } from '@stod/domain';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stations } from './stations.ts';

/**
 * The last state each station device reported (a pump, a bay, a coffee machine) and the site
 * itself as the alarm sweep saw it, with the time it has held that state. `point` is a pump's or
 * a bay's number, or a machine's id; the site's row has an empty one.
 */
export const deviceStates = pgTable(
  'device_states',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['site', 'pump', 'bay', 'machine'] }).notNull(),
    point: text('point').notNull(),
    state: text('state').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.kind, t.point] })],
);

/**
 * One alarm from the moment its condition began until it ended. `key` names the condition
 * (`pump.fault:3:2`): at most one open alarm per key, so a condition that comes back is a new
 * alarm. Staff acknowledge an alarm; a fault nobody acknowledged is escalated once by mail.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    kind: text('kind').$type<AlarmKind>().notNull(),
    severity: text('severity').$type<AlarmSeverity>().notNull(),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    subject: jsonb('subject').$type<AlarmSubject>().notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** No foreign key: an account that goes keeps the record of what it acknowledged. */
    acknowledgedBy: uuid('acknowledged_by'),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alarms_open_key')
      .on(t.key)
      .where(sql`${t.clearedAt} IS NULL`),
    index('alarms_station_idx').on(t.stationId, t.raisedAt),
    index('alarms_cleared_idx').on(t.clearedAt),
  ],
);
