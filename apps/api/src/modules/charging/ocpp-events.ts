import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../platform/context.ts';
import type { ChargerEvents, ChargerLink, ChargerTransport } from '../../integrations/ocpp/port.ts';
import { verifyChargerPassword } from './registry.ts';
import * as repo from './repo.ts';
import { announce } from '../notifications/index.ts';
import { freshest, publish } from './live.ts';
import { closeAt } from './settle.ts';
import { meter } from './metering.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import { notice } from './notices.ts';
import { signCertificate } from './certificates.ts';
import { certificatesCheck, certificateStatus, evCertificate } from './plug-and-charge.ts';
import { transaction } from './transaction-event.ts';
import { confirmNoTransaction, started, stopped, tagStanding } from './transactions.ts';

/**
 * What chargers tell the backend, applied to chargers, connectors and charges. The rules of the
 * best backends hold: a repeated StartTransaction answers the same id; a stop for a closed or
 * unknown transaction is taken and changes nothing; readings after the stop or out of order never
 * change a closed charge; a charger that boots with a charge open has it closed at its last
 * reading.
 */

/** This process, as `chargers.node` names the holder of a connection. */
export const NODE_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * A charger's connection, held to its security profile: 1, HTTP Basic; 2, HTTP Basic over TLS
 * (ended here, or at a trusted proxy that says so); 3, TLS ended here with a client certificate
 * from the chargers' authority (`OCPP_TLS_CLIENT_CA`) whose common name is the charger's
 * identity. A charger of a higher profile is never let in the way a lower one would be, and each
 * refusal is logged with its reason.
 */
export async function authenticateCharger(
  ctx: ServiceContext,
  identity: string,
  password: Buffer | undefined,
  transport: ChargerTransport,
): Promise<{ chargerId: string } | 'unknown' | 'denied'> {
  const charger = await repo.findChargerByIdentity(ctx.db, identity);
  if (!charger) return 'unknown';
  if (charger.decommissionedAt) {
    ctx.log.warn({ identity }, 'charger refused: decommissioned');
    return 'unknown';
  }
  const deny = (reason: string) => {
    ctx.log.warn({ identity, profile: charger.securityProfile, reason }, 'charger refused');
    return 'denied' as const;
  };
  const profile = charger.securityProfile;
  if (profile >= 2 && !transport.tls) return deny('no TLS');
  if (profile === 3) {
    const certificate = transport.certificate;
    if (transport.tls !== 'direct' || !certificate) return deny('no client certificate');
    if (!certificate.authorized) return deny('client certificate not from the chargers’ authority');
    if (certificate.commonName !== identity) return deny('client certificate of another charger');
    return { chargerId: charger.id };
  }
  if (!charger.passwordHash) {
    // A password is required in production and for profile 2: without one, refused.
    if (ctx.config.isProduction || profile === 2) return deny('no password set');
    return { chargerId: charger.id };
  }
  if (!password) return deny('no password');
  return verifyChargerPassword(charger.passwordHash, password.toString('utf8'))
    ? { chargerId: charger.id }
    : deny('wrong password');
}

async function publishOpenAt(ctx: ServiceContext, chargerId: string, connectorId?: number) {
  const open = await repo.openChargesOfCharger(ctx.db, chargerId);
  for (const row of open)
    if (connectorId === undefined || row.connectorId === connectorId)
      await publish(ctx, freshest(ctx, row));
}

export function chargerEvents(ctx: ServiceContext): ChargerEvents {
  const seen = (link: ChargerLink) =>
    repo.patchCharger(ctx.db, link.chargerId, { lastSeenAt: ctx.clock.now() });

  return {
    async connected(link) {
      const now = ctx.clock.now();
      await repo.patchCharger(ctx.db, link.chargerId, {
        connected: true,
        node: NODE_ID,
        protocol: link.protocol,
        connectedAt: now,
        lastSeenAt: now,
      });
      await publishOpenAt(ctx, link.chargerId);
    },
    async disconnected(link) {
      const charger = await repo.findCharger(ctx.db, link.chargerId);
      // Another process may hold a newer connection of the same charger by now.
      if (!charger || charger.node !== NODE_ID) return;
      await repo.patchCharger(ctx.db, link.chargerId, { connected: false });
      await publishOpenAt(ctx, link.chargerId);
    },
    async booted(link, info) {
      const now = ctx.clock.now();
      const charger = await repo.findCharger(ctx.db, link.chargerId);
      await repo.patchCharger(ctx.db, link.chargerId, {
        vendor: info.vendor,
        model: info.model,
        firmware: info.firmware,
        bootCount: (charger?.bootCount ?? 0) + 1,
        lastBootAt: now,
        lastSeenAt: now,
        connected: true,
        node: NODE_ID,
      });
      // A reboot ends whatever ran: each open charge is closed at its last reading.
      for (const row of await repo.openChargesOfCharger(ctx.db, link.chargerId)) {
        if (row.state === 'charging' || row.state === 'stopping') {
          const fresh = freshest(ctx, row);
          await closeAt(ctx, row, {
            meterWh: fresh.meterLast,
            at: fresh.meterLastAt ?? now,
            reason: 'Reboot',
          });
        } else if (row.state === 'waiting' || row.state === 'starting') {
          const back = await repo.transition(ctx.db, row.id, [row.state], { state: 'ready' });
          if (back) await publish(ctx, back);
        }
      }
    },
    heartbeat: seen,
    async status(link, report) {
      if (report.connectorId === 0) return;
      const open = await repo.openChargeAt(ctx.db, link.chargerId, report.connectorId);
      // 2.0.1 says Occupied both while a car waits and while it charges.
      const status =
        report.status === 'Preparing' && open?.state === 'charging' ? 'Charging' : report.status;
      await repo.setConnectorStatus(
        ctx.db,
        link.chargerId,
        report.connectorId,
        status,
        report.errorCode,
        report.timestamp,
      );
      if (open) await publish(ctx, freshest(ctx, open));
      if (open) await confirmNoTransaction(ctx, open, report.timestamp);
      if (open && status === 'Faulted' && ['charging', 'stopping'].includes(open.state))
        await announce.chargerFaulted(ctx, open);
    },
    authorize: (link, idTag, idTokenType) => tagStanding(ctx, link, idTag, idTokenType),
    async tagDetails(idTag) {
      const tag = await repo.findIdTag(ctx.db, idTag);
      return {
        ...(tag?.expiresAt ? { expiryDate: tag.expiresAt } : {}),
        ...(tag?.parentIdTag ? { parentIdTag: tag.parentIdTag } : {}),
      };
    },
    // One start at a time per connector: a charger that gave up waiting for our answer sends the
    // same StartTransaction again while the first is still being handled, and must hear the same.
    started: (link, report) =>
      oneAtATime(`${link.chargerId}:${String(report.connectorId)}`, () =>
        started(ctx, link, report),
      ),
    meter: (link, report) => meter(ctx, link, report),
    stopped: (link, report) => stopped(ctx, link, report),
    // Each 2.0.1 transaction's events one at a time, as the charger sent them.
    transaction: (link, report) =>
      oneAtATime(`${link.chargerId}:tx:${report.transactionId}`, () =>
        transaction(ctx, link, report),
      ),
    notice: (link, report) => notice(ctx, link, report),
    signCertificate: (link, request) => signCertificate(ctx, link, request),
    evCertificate: (link, request) => evCertificate(ctx, link, request),
    certificateStatus: (request) => certificateStatus(ctx, request),
    certificatesCheck: (hashes) => certificatesCheck(ctx, hashes),
  };
}
