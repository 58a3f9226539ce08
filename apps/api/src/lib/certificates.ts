import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';

/**
 * X.509 for the OCPP security profiles: a certificate authority's own certificate, certificates
 * it issues for a key or for a charger's certificate signing request, and the few facts read
 * back from a certificate. RSA 2048 keys (node's own key generation), SHA-256 signatures, as the
 * OCPP security whitepaper and 2.0.1 Part 2 ask for.
 */

/** A PEM value as configured: the PEM itself, or the file holding it. */
export const pemOf = (value: string) =>
  value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');

export interface KeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

export interface Authority {
  certificatePem: string;
  privateKeyPem: string;
}

export type Usage = 'ca' | 'server' | 'client';

export function newKeyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/** A distinguished name as `{CN, O}`. */
export interface Name {
  commonName: string;
  organization?: string;
}

const attributesOf = (name: Name) => [
  { shortName: 'CN', value: name.commonName },
  ...(name.organization ? [{ shortName: 'O', value: name.organization }] : []),
];

const extensionsFor = (usage: Usage, hosts: readonly string[]) => {
  if (usage === 'ca')
    return [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ];
  return [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    usage === 'server'
      ? { name: 'extKeyUsage', serverAuth: true }
      : { name: 'extKeyUsage', clientAuth: true },
    ...(hosts.length > 0
      ? [
          {
            name: 'subjectAltName',
            altNames: hosts.map((host) =>
              /^[\d.]+$/.test(host) ? { type: 7, ip: host } : { type: 2, value: host },
            ),
          },
        ]
      : []),
  ];
};

interface Issue {
  subject: forge.pki.CertificateField[];
  publicKey: forge.pki.PublicKey;
  usage: Usage;
  days: number;
  hosts?: readonly string[];
  /** The issuer; none: the certificate signs itself with `selfKey`. */
  issuer?: Authority;
  selfKey?: forge.pki.rsa.PrivateKey;
}

/**
 * A certificate's serial as hex: 16 random bytes whose first lies in 0x40–0x7f, so the DER
 * integer is positive (first bit clear) and minimal (no leading zero byte). A serial whose first
 * byte was zero made a certificate OpenSSL refuses to read ("illegal padding"), about one in 570.
 */
export function newSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x3f) | 0x40;
  return bytes.toString('hex');
}

function issue(spec: Issue): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = spec.publicKey;
  cert.serialNumber = newSerial();
  cert.validity.notBefore = new Date(Date.now() - 5 * 60_000);
  cert.validity.notAfter = new Date(Date.now() + spec.days * 86_400_000);
  cert.setSubject(spec.subject);
  const issuerCert = spec.issuer ? forge.pki.certificateFromPem(spec.issuer.certificatePem) : null;
  cert.setIssuer(issuerCert ? issuerCert.subject.attributes : spec.subject);
  cert.setExtensions(extensionsFor(spec.usage, spec.hosts ?? []));
  const key = spec.issuer ? forge.pki.privateKeyFromPem(spec.issuer.privateKeyPem) : spec.selfKey;
  if (!key) throw new Error('a certificate needs a signing key');
  cert.sign(key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** A certificate authority of its own: a self-signed CA certificate and its key. */
export function newAuthority(name: Name, days = 3650): Authority {
  const keys = newKeyPair();
  const certificatePem = issue({
    subject: attributesOf(name),
    publicKey: forge.pki.publicKeyFromPem(keys.publicKeyPem),
    selfKey: forge.pki.privateKeyFromPem(keys.privateKeyPem),
    usage: 'ca',
    days,
  });
  return { certificatePem, privateKeyPem: keys.privateKeyPem };
}

/** A certificate the authority issues for a key: a server's (with its host names) or a client's. */
export function issueFor(
  issuer: Authority,
  spec: { name: Name; publicKeyPem: string; usage: Usage; days?: number; hosts?: string[] },
): string {
  return issue({
    subject: attributesOf(spec.name),
    publicKey: forge.pki.publicKeyFromPem(spec.publicKeyPem),
    usage: spec.usage,
    days: spec.days ?? 365,
    ...(spec.hosts ? { hosts: spec.hosts } : {}),
    issuer,
  });
}

/** A certificate signing request for a key, as a charger makes one. */
export function newSigningRequest(name: Name, keys: KeyPair): string {
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  csr.setSubject(attributesOf(name));
  csr.sign(forge.pki.privateKeyFromPem(keys.privateKeyPem), forge.md.sha256.create());
  return forge.pki.certificationRequestToPem(csr);
}

/** What a signing request asks for, once its signature proves it holds the key; or null. */
export function readSigningRequest(
  pem: string,
): { commonName: string; organization: string | null } | null {
  try {
    const csr = forge.pki.certificationRequestFromPem(pem);
    if (!csr.verify()) return null;
    const field = (name: string) => csr.subject.getField(name) as { value?: string } | null;
    const commonName = field('CN')?.value;
    if (!commonName) return null;
    return { commonName, organization: field('O')?.value ?? null };
  } catch {
    return null;
  }
}

/** Signs a request whose signature holds: the certificate the authority issues for it. */
export function signRequest(
  issuer: Authority,
  pem: string,
  usage: Exclude<Usage, 'ca'>,
  days = 365,
): string {
  const csr = forge.pki.certificationRequestFromPem(pem);
  if (!csr.verify()) throw new Error('the signing request does not hold its own signature');
  if (!csr.publicKey) throw new Error('the signing request names no key');
  return issue({
    subject: csr.subject.attributes,
    publicKey: csr.publicKey,
    usage,
    days,
    issuer,
  });
}
