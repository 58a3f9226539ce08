import { randomInt } from 'node:crypto';
import type { ContractView } from '@stod/domain';
import type { ChargerLink } from '../../integrations/ocpp/port.ts';
import type { OcspRequestData } from '../../integrations/pki/port.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import * as repo from './contracts-repo.ts';

/**
 * Plug & Charge (ISO 15118 through OCPP 2.0.1): a driver's contract, issued by the contract PKI
 * and tied to the driver, its eMAID the driver's id tag; the car fetches its certificate through
 * a charger (`Get15118EVCertificate`), a charger asks the certificates' standing
 * (`GetCertificateStatus`), and `Authorize` with the car's certificate hashes is answered from
 * OCSP. A charge the eMAID starts is billed as a tag's.
 */

/** A driver's active contracts at most. */
const MAX_CONTRACTS = 5;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An eMAID of ours: country FO, provider STD, nine characters of the contract's own. */
const newEmaid = () =>
  `FOSTD${Array.from({ length: 9 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

const viewOf = (row: repo.ContractRow): ContractView => ({
  emaid: row.emaid,
  pcid: row.pcid,
  serialNumber: row.serialNumber,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listContracts(ctx: ServiceContext, userId: string) {
  return { items: (await repo.contractsOfUser(ctx.db, userId)).map(viewOf) };
}

export async function createContract(ctx: ServiceContext, userId: string, pcid: string | null) {
  if ((await repo.activeContractCount(ctx.db, userId)) >= MAX_CONTRACTS)
    throw new AppError(409, 'CONTRACT_LIMIT', 'error.contractLimit');
  if (pcid && (await repo.pcidTaken(ctx.db, pcid)))
    throw new AppError(409, 'PCID_TAKEN', 'error.pcidTaken');
  let issued;
  try {
    issued = await ctx.contracts.issue({ emaid: newEmaid(), pcid });
  } catch (error) {
    ctx.log.warn({ err: error }, 'contract not issued');
    throw new AppError(503, 'PNC_UNAVAILABLE', 'error.pncUnavailable');
  }
  try {
    const row = await repo.insertContract(ctx.db, {
      emaid: issued.emaid,
      userId,
      pcid,
      certificatePem: issued.certificateChainPem,
      serialNumber: issued.serialNumber,
    });
    return viewOf(row);
  } catch (error) {
    // Another request for the same car won the race.
    if (isUniqueViolation(error)) throw new AppError(409, 'PCID_TAKEN', 'error.pcidTaken');
    throw error;
  }
}

export async function revokeContract(ctx: ServiceContext, userId: string, emaid: string) {
  const row = await repo.revokeContract(ctx.db, userId, emaid, ctx.clock.now());
  if (!row) throw notFound();
}

// ---------------------------------------------------------------------------------------------
// What chargers ask.

export async function evCertificate(
  ctx: ServiceContext,
  link: ChargerLink,
  request: { schemaVersion: string; action: 'Install' | 'Update'; exiRequest: string },
) {
  const answer = await ctx.contracts.evCertificate(request);
  ctx.log.info(
    { identity: link.identity, action: request.action, status: answer.status },
    'a car asked for its contract certificate',
  );
  return answer;
}

export async function certificateStatus(ctx: ServiceContext, request: OcspRequestData) {
  const answer = await ctx.contracts.certificateStatus(request);
  return answer.ocspResult
    ? { status: 'Accepted' as const, ocspResult: answer.ocspResult }
    : { status: 'Failed' as const };
}

/** The standing of the certificates a car presented with its eMAID, from OCSP. */
export async function certificatesCheck(ctx: ServiceContext, hashes: OcspRequestData[]) {
  let status: 'Accepted' | 'CertificateRevoked' | 'CertChainError' = 'Accepted';
  for (const hash of hashes) {
    const { certStatus } = await ctx.contracts.certificateStatus(hash);
    if (certStatus === 'revoked') return 'CertificateRevoked' as const;
    if (certStatus === 'unknown') status = 'CertChainError';
  }
  return status;
}
