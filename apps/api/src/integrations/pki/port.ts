/**
 * The certificate authority chargers' certificates come from (OCPP 1.6 security whitepaper and
 * 2.0.1 A02/A03): a charger sends a certificate signing request, the CSMS has it signed and sends
 * the chain back with `CertificateSigned`.
 */

/** A charger's own TLS client certificate, or its ISO 15118 one towards the car. */
export type CertificateKind = 'ChargingStationCertificate' | 'V2GCertificate';

export type SignOutcome =
  { chain: string } | { refused: 'invalidRequest' | 'wrongSubject' | 'noAuthority' };

export interface CertificateAuthority {
  /** Signs a charger's request: the PEM chain, its certificate first, or why not. */
  sign(request: { csrPem: string; identity: string; kind: CertificateKind }): Promise<SignOutcome>;
}
