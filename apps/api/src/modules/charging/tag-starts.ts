import { isLocale } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { ChargerLink, StartReport, TagVerdict } from '../../integrations/ocpp/port.ts';
import { AppError } from '../../lib/errors.ts';
import { findUserById } from '../users/index.ts';
import * as wallet from '../wallet/index.ts';
import * as repo from './repo.ts';
import { isContractTag } from './contracts-repo.ts';
import { openCharge } from './opening.ts';
import { termsOf, type Terms } from './terms.ts';
import { accessOf } from './views.ts';

/**
 * A provider card presented at the charger itself: its registered tag names the user, who is
 * billed as for a charge opened in the app. At a public installation the hold goes on the
 * user's favourite card that allows charging; at the user's own, or under a free share, there is
 * none; a share past its end date or its monthly cap is Blocked. One car at a
 * time holds here too: a user with a charge open is told ConcurrentTx.
 */

interface Payer {
  userId: string;
  installation: repo.InstallationRow;
  charger: repo.ChargerRow;
  terms: Terms;
  method: wallet.PaymentMethodRow | null;
}

/** Who pays for a charge started with this tag at this charger, or why no one does. */
async function payerOf(
  ctx: ServiceContext,
  chargerId: string,
  idTag: string,
  idTokenType?: string | null,
): Promise<Payer | TagVerdict> {
  const tag = await repo.findIdTag(ctx.db, idTag);
  if (!tag) return 'Invalid';
  if (await contractMisused(ctx, idTag, idTokenType)) return 'Invalid';
  // The operator's word first: a tag blocked, invalidated or past its expiry starts nothing.
  if (tag.status !== 'Accepted') return tag.status;
  if (tag.expiresAt && tag.expiresAt <= ctx.clock.now()) return 'Expired';
  const charger = await repo.findCharger(ctx.db, chargerId);
  const installation = charger ? await repo.findInstallation(ctx.db, charger.installationId) : null;
  const share = installation ? await repo.shareOf(ctx.db, installation.id, tag.userId) : null;
  const access = installation ? accessOf(installation, tag.userId, share) : null;
  if (!charger || !installation || !access) return 'Invalid';
  let terms: Terms;
  try {
    terms = await termsOf(ctx, charger, access, share);
  } catch (error) {
    if (error instanceof AppError) return 'Blocked';
    throw error;
  }
  let method: wallet.PaymentMethodRow | null = null;
  if (!terms.free) {
    const now = ctx.clock.now();
    method =
      (await wallet.listMethods(ctx.db, tag.userId)).find((row) => {
        const view = wallet.toView(row, now);
        return view.isActive && view.products.includes('charging');
      }) ?? null;
    if (!method) return 'Blocked';
  }
  return { userId: tag.userId, installation, charger, terms, method };
}

/**
 * Whether a contract's eMAID is presented as something else: an eMAID is printed in the app and
 * sent in the clear over ISO 15118, so it stands only as what it is (2.0.1 type `eMAID`), never
 * as a card's number or a 1.6 tag.
 */
export async function contractMisused(
  ctx: ServiceContext,
  idTag: string,
  idTokenType: string | null | undefined,
) {
  return idTokenType !== 'eMAID' && (await isContractTag(ctx.db, idTag));
}

/** A registered tag that stands (Accepted and not expired), or null. */
async function standingTag(ctx: ServiceContext, idTag: string) {
  const tag = await repo.findIdTag(ctx.db, idTag);
  if (tag?.status !== 'Accepted') return null;
  if (tag.expiresAt && tag.expiresAt <= ctx.clock.now()) return null;
  return tag;
}

/**
 * Whether this tag may stop a transaction it did not start: an operator's master pass (a tag of
 * `OCPP_MASTER_PASS_GROUP`) may stop any; another tag of the same group as the tag that started
 * it (1.6 `parentIdTag`, 2.0.1 `groupIdToken`) may stop that one. `chargeTag` is the starting
 * tag; without it, any charge open at the charger started by the group counts (Authorize, asked
 * before the charger stops it).
 */
export async function mayStop(
  ctx: ServiceContext,
  link: ChargerLink,
  idTag: string,
  chargeTag?: string,
): Promise<boolean> {
  const tag = await standingTag(ctx, idTag);
  if (!tag?.parentIdTag) return false;
  if (tag.parentIdTag === ctx.config.OCPP_MASTER_PASS_GROUP) return true;
  if (chargeTag === undefined)
    return (await repo.openChargeOfGroup(ctx.db, link.chargerId, tag.parentIdTag)) !== null;
  const starter = await repo.findIdTag(ctx.db, chargeTag);
  return starter?.parentIdTag === tag.parentIdTag;
}

/** Authorize: what a StartTransaction with this tag would be answered now. */
export async function tagVerdict(
  ctx: ServiceContext,
  link: ChargerLink,
  idTag: string,
  idTokenType?: string | null,
): Promise<TagVerdict> {
  const payer = await payerOf(ctx, link.chargerId, idTag, idTokenType);
  if (typeof payer === 'string') return payer;
  return (await repo.openChargeOfUser(ctx.db, payer.userId)) ? 'ConcurrentTx' : 'Accepted';
}

/**
 * Opens the charge of a transaction the charger began with a presented tag. Keyed by the
 * charger, connector and start time, so a StartTransaction sent again (its answer lost, or the
 * process gone between the hold and the answer) finishes the same charge with one hold.
 */
export async function openByTag(
  ctx: ServiceContext,
  link: ChargerLink,
  report: StartReport & { idTag: string },
): Promise<repo.ChargeRow | TagVerdict> {
  const payer = await payerOf(ctx, link.chargerId, report.idTag, report.idTokenType);
  if (typeof payer === 'string') return payer;
  const user = await findUserById(ctx.db, payer.userId);
  try {
    const row = await openCharge(ctx, {
      ...payer,
      connectorId: report.connectorId,
      source: 'tag',
      idTag: report.idTag,
      key: `tag:${link.chargerId}:${String(report.connectorId)}:${report.timestamp.toISOString()}`,
      request: { chargerId: link.chargerId, connectorId: report.connectorId },
      locale: user && isLocale(user.locale) ? user.locale : 'fo',
    });
    return row.finishedAt ? 'Blocked' : row;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.log.info(
      { identity: link.identity, connectorId: report.connectorId, code: error.code },
      'a charge started with a tag was refused',
    );
    return error.code === 'CHARGE_ACTIVE' ? 'ConcurrentTx' : 'Blocked';
  }
}
