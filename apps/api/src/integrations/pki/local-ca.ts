import { readSigningRequest, signRequest, type Authority } from '../../lib/certificates.ts';
import type { CertificateAuthority, SignOutcome } from './port.ts';

/**
 * A certificate authority of the operator's own, in the API: its certificate and key from
 * `OCPP_CA_CERT` and `OCPP_CA_KEY`, or, outside production without them, one made once and kept
 * in the database. A request is signed only when its signature holds and, for a charger's own
 * certificate, when its common name is the charger's identity (so one charger cannot obtain
 * another's); the chain sent back is the charger's certificate, then the authority's.
 */
export function localCa(
  authority: () => Promise<Authority | null>,
  days = 365,
): CertificateAuthority {
  return {
    async sign({ csrPem, identity, kind }): Promise<SignOutcome> {
      const subject = readSigningRequest(csrPem);
      if (!subject) return { refused: 'invalidRequest' };
      if (kind === 'ChargingStationCertificate' && subject.commonName !== identity)
        return { refused: 'wrongSubject' };
      const issuer = await authority();
      if (!issuer) return { refused: 'noAuthority' };
      // The charger is a TLS client towards the CSMS, and a TLS server towards the car.
      const usage = kind === 'ChargingStationCertificate' ? 'client' : 'server';
      const certificate = signRequest(issuer, csrPem, usage, days);
      return { chain: `${certificate.trim()}\n${issuer.certificatePem.trim()}\n` };
    },
  };
}
