import { X509Certificate } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { issueFor, newKeyPair, type Authority } from '../../lib/certificates.ts';
import { contractByPcid, contractBySerial } from './contracts-repo.ts';
import type { ContractPki } from './port.ts';

/**
 * A contract certificate pool of its own, for development and tests: contract certificates
 * signed by an authority kept in the database, handed to the car whose provisioning certificate
 * id (PCID) the driver registered, and OCSP answers from the contracts' own standing. It does not
 * speak EXI: the simulated car's request is `{"pcid"}` as base64 JSON, and the response and the
 * OCSP result are base64 JSON too, where the real pool sends EXI and DER. The CSMS relays both
 * without reading them, as it would the real ones.
 */
export function contractPkiSim(db: Db, authority: () => Promise<Authority>): ContractPki {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
  return {
    async issue({ emaid }) {
      const issuer = await authority();
      const keys = newKeyPair();
      const certificate = issueFor(issuer, {
        name: { commonName: emaid, organization: 'Støð' },
        publicKeyPem: keys.publicKeyPem,
        usage: 'client',
        days: 730,
      });
      return {
        emaid,
        certificateChainPem: `${certificate.trim()}\n${issuer.certificatePem.trim()}\n`,
        serialNumber: new X509Certificate(certificate).serialNumber.toLowerCase(),
      };
    },

    async evCertificate({ exiRequest }) {
      let pcid: unknown;
      try {
        pcid = (
          JSON.parse(Buffer.from(exiRequest, 'base64').toString('utf8')) as { pcid?: unknown }
        ).pcid;
      } catch {
        pcid = undefined;
      }
      const contract = typeof pcid === 'string' ? await contractByPcid(db, pcid) : null;
      if (!contract || contract.revokedAt) return { status: 'Failed', exiResponse: '' };
      return {
        status: 'Accepted',
        exiResponse: encode({
          emaid: contract.emaid,
          contractCertificateChain: contract.certificatePem,
        }),
      };
    },

    async certificateStatus({ serialNumber }) {
      const contract = await contractBySerial(db, serialNumber);
      const certStatus = !contract ? 'unknown' : contract.revokedAt ? 'revoked' : 'good';
      return {
        certStatus,
        ocspResult: encode({ certStatus, serialNumber, producedAt: new Date().toISOString() }),
      };
    },
  };
}

/** No pool configured (production without one): nothing issued, every question unanswered. */
export const noContractPki: ContractPki = {
  issue: () => Promise.reject(new Error('no Plug & Charge PKI is configured')),
  evCertificate: () => Promise.resolve({ status: 'Failed', exiResponse: '' }),
  certificateStatus: () => Promise.resolve({ certStatus: 'unknown', ocspResult: '' }),
};
