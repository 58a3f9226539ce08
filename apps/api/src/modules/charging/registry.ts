import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  ChargerPatch,
  ChargerRegistration,
  IdTagUpdate,
  IdTagView,
  InstallationPatch,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound, type RefusalKey } from '../../lib/errors.ts';
import { findUserByEmail } from '../users/index.ts';
import * as registry from './registry-repo.ts';
import * as repo from './repo.ts';
import { statusOf, tariffColumns, tariffOf } from './views.ts';
import { chargerKey } from './commands.ts';
import { chargeActive } from './errors.ts';

/**
 * The operators' registry: chargers (thousands at once), their installations, and the RFID tags
 * that start a charge at the charger. Charger passwords are machine secrets of 16 to 40
 * characters; they are kept as salted SHA-256, which a charger's every reconnect can afford,
 * where a person's password gets argon2.
 */

export function hashChargerPassword(password: string) {
  const salt = randomBytes(16).toString('hex');
  return `sha256$${salt}$${createHash('sha256')
    .update(salt + password)
    .digest('hex')}`;
}

export function verifyChargerPassword(stored: string, password: string) {
  const [scheme, salt, digest] = stored.split('$');
  if (scheme !== 'sha256' || !salt || !digest) return false;
  const actual = Buffer.from(
    createHash('sha256')
      .update(salt + password)
      .digest('hex'),
  );
  const expected = Buffer.from(digest);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const taken = (fields: Record<string, RefusalKey>) =>
  new AppError(409, 'CHARGER_TAKEN', 'error.chargerTaken', fields);

const CHUNK = 500;

export async function registerChargers(ctx: ServiceContext, list: ChargerRegistration[]) {
  // A repeated identity, in the request or already registered, refuses the whole request.
  const conflicts: Record<string, RefusalKey> = {};
  const seen = new Set<string>();
  list.forEach((c, i) => {
    if (seen.has(c.identity)) conflicts[`chargers.${String(i)}.identity`] = 'error.chargerTaken';
    seen.add(c.identity);
  });
  const identities = [...seen];
  for (let i = 0; i < identities.length; i += CHUNK) {
    const existing = await registry.registeredIdentities(ctx.db, identities.slice(i, i + CHUNK));
    const set = new Set(existing.map((e) => e.identity));
    list.forEach((c, j) => {
      if (set.has(c.identity)) conflicts[`chargers.${String(j)}.identity`] = 'error.chargerTaken';
    });
  }
  if (Object.keys(conflicts).length > 0) throw taken(conflicts);

  // Installations named by id must exist; those given inline are made once per distinct one.
  const ids = [...new Set(list.flatMap((c) => (c.installationId ? [c.installationId] : [])))];
  if (ids.length > 0) {
    const found = await registry.existingInstallations(ctx.db, ids);
    if (found.length !== ids.length) throw notFound();
  }
  const owners = new Map<string, string>();
  const fieldErrors: Record<string, RefusalKey> = {};
  for (const [i, c] of list.entries()) {
    const email = c.installation?.ownerEmail;
    if (!email || owners.has(email)) continue;
    const user = await findUserByEmail(ctx.db, email);
    if (user) owners.set(email, user.id);
    else fieldErrors[`chargers.${String(i)}.installation.ownerEmail`] = 'error.notFound';
  }
  if (Object.keys(fieldErrors).length > 0)
    throw new AppError(422, 'VALIDATION', 'validation.form', fieldErrors);

  return ctx.db.transaction(async (tx) => {
    const made = new Map<string, string>();
    const installationOf = async (c: ChargerRegistration) => {
      if (c.installationId) return c.installationId;
      const i = c.installation;
      if (!i) throw notFound();
      const key = JSON.stringify([i.name, i.lat, i.lng, i.public, i.ownerEmail ?? null]);
      const known = made.get(key);
      if (known) return known;
      const row = await registry.insertInstallation(tx, {
        name: i.name,
        lat: i.lat,
        lng: i.lng,
        public: i.public,
        ownerId: i.ownerEmail ? (owners.get(i.ownerEmail) ?? null) : null,
      });
      if (!row) throw new Error('installation not stored');
      made.set(key, row.id);
      return row.id;
    };
    const rows: registry.NewCharger[] = [];
    for (const c of list) {
      rows.push({
        identity: c.identity,
        passwordHash: c.password ? hashChargerPassword(c.password) : null,
        installationId: await installationOf(c),
        connectors: c.connectors,
        maxPowerKw: c.maxPowerKw,
        ...tariffColumns(c.tariff),
      });
    }
    const out: { id: string; identity: string; installationId: string }[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const inserted = await registry.insertChargers(tx, rows.slice(i, i + CHUNK));
      // A registration racing this one took an identity: nothing of this one stays.
      if (inserted.length !== Math.min(CHUNK, rows.length - i))
        throw taken({ chargers: 'error.chargerTaken' });
      const connectors = inserted.flatMap((c) =>
        Array.from({ length: c.connectors }, (_, k) => ({
          chargerId: c.id,
          connectorId: k + 1,
          status: 'Unavailable' as const,
          updatedAt: new Date(0),
        })),
      );
      for (let k = 0; k < connectors.length; k += CHUNK)
        await registry.insertConnectors(tx, connectors.slice(k, k + CHUNK));
      out.push(
        ...inserted.map(({ id, identity, installationId }) => ({ id, identity, installationId })),
      );
    }
    return { chargers: out };
  });
}

export async function registerIdTag(ctx: ServiceContext, idTag: string, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError(422, 'VALIDATION', 'validation.form', { email: 'error.notFound' });
  const row = await registry.insertIdTag(ctx.db, idTag, user.id);
  if (!row) throw new AppError(409, 'ID_TAG_TAKEN', 'error.conflict');
  return { idTag: row.idTag, userId: row.userId };
}

/** A tag as operators see it. */
function idTagView(row: { tag: registry.IdTagRow; email: string }): IdTagView {
  const { tag } = row;
  return {
    idTag: tag.idTag,
    userId: tag.userId,
    email: row.email,
    status: tag.status,
    expiryDate: tag.expiresAt?.toISOString() ?? null,
    parentIdTag: tag.parentIdTag,
    createdAt: tag.createdAt.toISOString(),
    updatedAt: tag.updatedAt.toISOString(),
  };
}

export async function getIdTag(ctx: ServiceContext, idTag: string): Promise<IdTagView> {
  const row = await registry.idTagWithEmail(ctx.db, idTag);
  if (!row) throw notFound();
  return idTagView(row);
}

/**
 * Creates or changes a tag: a new one needs its holder's e-mail address; a group (`parentIdTag`)
 * must be a registered tag other than itself. Chargers hear the change at their next Authorize,
 * Start or Stop with it.
 */
export async function setIdTag(
  ctx: ServiceContext,
  idTag: string,
  update: IdTagUpdate,
): Promise<{ created: boolean; tag: IdTagView }> {
  const existing = await registry.idTagWithEmail(ctx.db, idTag);
  let userId = existing?.tag.userId;
  if (update.email !== undefined) {
    const user = await findUserByEmail(ctx.db, update.email);
    if (!user)
      throw new AppError(422, 'VALIDATION', 'validation.form', { email: 'error.notFound' });
    userId = user.id;
  }
  if (!userId)
    throw new AppError(422, 'VALIDATION', 'validation.form', { email: 'validation.required' });
  const parent = update.parentIdTag ?? null;
  if (parent !== null && (parent === idTag || !(await registry.idTagWithEmail(ctx.db, parent))))
    throw new AppError(422, 'VALIDATION', 'validation.form', { parentIdTag: 'error.notFound' });
  await registry.upsertIdTag(ctx.db, {
    idTag,
    userId,
    status: update.status,
    ...(update.expiryDate === undefined
      ? {}
      : { expiresAt: update.expiryDate === null ? null : new Date(update.expiryDate) }),
    ...(update.parentIdTag === undefined ? {} : { parentIdTag: parent }),
  });
  return { created: !existing, tag: await getIdTag(ctx, idTag) };
}

export async function removeIdTag(ctx: ServiceContext, idTag: string) {
  if (!(await registry.deleteIdTag(ctx.db, idTag))) throw notFound();
}

export async function listChargers(
  ctx: ServiceContext,
  offset: number,
  take: number,
  filter: registry.ChargerFilter = {},
) {
  const rows = await registry.pageOfChargers(ctx.db, offset, take, filter);
  const total = await registry.countChargers(ctx.db, filter);
  const connectors = await repo.connectorsOf(
    ctx.db,
    rows.map((r) => r.charger.id),
  );
  return {
    items: rows.map(({ charger, installationName, installationPublic }) => ({
      id: charger.id,
      identity: charger.identity,
      installationId: charger.installationId,
      installationName,
      installationPublic,
      decommissionedAt: charger.decommissionedAt?.toISOString() ?? null,
      protocol: charger.protocol,
      online: charger.connected,
      lastSeenAt: charger.lastSeenAt?.toISOString() ?? null,
      lastBootAt: charger.lastBootAt?.toISOString() ?? null,
      vendor: charger.vendor,
      model: charger.model,
      firmware: charger.firmware,
      securityProfile: charger.securityProfile,
      localListVersion: charger.localListVersion,
      maxPowerKw: charger.maxPowerKw,
      tariff: tariffOf(charger),
      connectors: Array.from({ length: charger.connectors }, (_, k) => {
        const row = connectors.find((c) => c.chargerId === charger.id && c.connectorId === k + 1);
        const status = statusOf(charger, row);
        return {
          connectorId: k + 1,
          status,
          errorCode: status === 'Faulted' ? (row?.errorCode ?? null) : null,
          powerKw: null,
        };
      }),
    })),
    total: total ?? 0,
  };
}

/** One charger as the operators' list shows it; an unknown identity answers 404. */
export async function chargerForOperator(ctx: ServiceContext, identity: string) {
  const [charger] = (await listChargers(ctx, 0, 1, { identity })).items;
  if (!charger) throw notFound();
  return charger;
}

/**
 * An operator's change to a charger: its power or tariff (for charges opened from now on), or
 * taken out of the network and back. A charger with a charge open is not taken out (409); its
 * connection is ended at once, and it is refused when it dials again.
 */
export async function patchCharger(ctx: ServiceContext, identity: string, patch: ChargerPatch) {
  const charger = await repo.findChargerByIdentity(ctx.db, identity);
  if (!charger) throw notFound();
  const ending = patch.decommissioned === true && charger.decommissionedAt === null;
  if (ending && (await repo.openChargesOfCharger(ctx.db, charger.id)).length > 0)
    throw chargeActive();
  await repo.patchCharger(ctx.db, charger.id, {
    ...(patch.maxPowerKw === undefined ? {} : { maxPowerKw: patch.maxPowerKw }),
    ...(patch.tariff ? tariffColumns(patch.tariff) : {}),
    ...(patch.decommissioned === undefined
      ? {}
      : {
          decommissionedAt: patch.decommissioned
            ? (charger.decommissionedAt ?? ctx.clock.now())
            : null,
        }),
    ...(patch.decommissioned === true ? { connected: false } : {}),
  });
  // Again on a repeat: one whose connection could not be ended the first time is ended now.
  if (patch.decommissioned === true) await endConnection(ctx, chargerKey(identity));
  return chargerForOperator(ctx, identity);
}

/**
 * Ends whatever connection a device holds, on any process: a claim of its key with a newer
 * token makes its holder close it (decision 0032), and the claim is let go at once.
 */
async function endConnection(ctx: ServiceContext, key: string) {
  const { holders } = ctx.devices;
  const token = await holders.claim(key);
  await ctx.bus.publish('device.claimed', { key, node: holders.node, token });
  await holders.release(key, token);
}

/** An operator's change to an installation: its name, place, or whether every customer sees it. */
const installationView = (row: {
  id: string;
  name: string;
  lat: number;
  lng: number;
  public: boolean;
}) => ({
  id: row.id,
  name: row.name,
  lat: row.lat,
  lng: row.lng,
  public: row.public,
});

export async function installationForOperator(ctx: ServiceContext, id: string) {
  const row = await registry.findInstallation(ctx.db, id);
  if (!row) throw notFound();
  return installationView(row);
}

export async function patchInstallation(ctx: ServiceContext, id: string, patch: InstallationPatch) {
  const row = await registry.updateInstallation(ctx.db, id, patch);
  if (!row) throw notFound();
  return installationView(row);
}
