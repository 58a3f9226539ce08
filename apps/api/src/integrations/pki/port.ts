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

/** OCSP's names for one certificate (2.0.1 OCSPRequestDataType). */
export interface OcspRequestData {
  hashAlgorithm: 'SHA256' | 'SHA384' | 'SHA512';
  issuerNameHash: string;
  issuerKeyHash: string;
  serialNumber: string;
  responderURL: string;
}

/** A contract certificate issued for a driver's car: its eMAID, chain and serial number. */
export interface IssuedContract {
  emaid: string;
  certificateChainPem: string;
  serialNumber: string;
}

/**
 * The ISO 15118 Plug & Charge PKI, used the way a contract certificate pool (Hubject's) is: it
 * issues a driver's contract certificate, hands it to the car that asks for it through a
 * charger (`Get15118EVCertificate`, EXI in and out, which the CSMS relays without reading), and
 * answers OCSP for the certificates it issued.
 */
export interface ContractPki {
  issue(contract: { emaid: string; pcid: string | null }): Promise<IssuedContract>;
  evCertificate(request: {
    schemaVersion: string;
    action: 'Install' | 'Update';
    exiRequest: string;
  }): Promise<{ status: 'Accepted' | 'Failed'; exiResponse: string }>;
  /** The OCSP answer for a certificate: `good`, `revoked` or `unknown`, and the raw response. */
  certificateStatus(
    request: OcspRequestData,
  ): Promise<{ certStatus: 'good' | 'revoked' | 'unknown'; ocspResult: string }>;
}
