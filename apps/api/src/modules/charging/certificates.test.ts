import { X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerNotices } from '../../db/schema/index.ts';
import { keptAuthority } from '../../integrations/pki/authority-repo.ts';
import { newAuthority, newKeyPair, newSigningRequest } from '../../lib/certificates.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import {
  boot16,
  boot201,
  listen,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { until } from '../../test/stations.ts';

// A charger's certificate signing request (1.6 security whitepaper, 2.0.1 A02/A03) with the
// authority the API makes and keeps in the database when none is configured: signed when the
// request holds and names the charger, the chain sent with CertificateSigned and kept in the
// charger's command log; refused, with a security notice, otherwise.

let t: TestApp;
let url: string;
const open: ScriptedCharger[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const station of open) await station.close();
  await t.close();
});

async function connected(protocol: 'ocpp1.6' | 'ocpp2.0.1') {
  const charger = await registerCharger(t.app);
  const station = await scriptedCharger(url, charger.identity, {
    protocol,
    handlers: { CertificateSigned: () => ({ status: 'Accepted' }) },
  });
  open.push(station);
  await (protocol === 'ocpp1.6' ? boot16(station) : boot201(station));
  return { charger, station };
}

const signedChain = async (station: ScriptedCharger) => {
  const call = await until(
    () => Promise.resolve(station.received.find((m) => m.method === 'CertificateSigned')),
    (m) => m !== undefined,
  );
  return call?.params ?? {};
};

const certificatesOf = (chain: string) =>
  (chain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map(
    (pem) => new X509Certificate(pem),
  );

describe('SignCertificate', () => {
  it('signs a 1.6 charger’s request named for it, and sends the chain', async () => {
    const { charger, station } = await connected('ocpp1.6');
    const csr = newSigningRequest({ commonName: charger.identity }, newKeyPair());
    expect(await station.call('SignCertificate', { csr })).toEqual({ status: 'Accepted' });
    const params = await signedChain(station);
    const [leaf, root] = certificatesOf(String(params.certificateChain));
    expect(leaf?.subject).toContain(`CN=${charger.identity}`);
    expect(root && leaf?.verify(root.publicKey)).toBe(true);
    expect(leaf?.keyUsage).toContain('1.3.6.1.5.5.7.3.2'); // TLS client
    const log = await until(
      async () =>
        (
          await t.app.inject({
            url: `/api/admin/chargers/${charger.identity}/ocpp`,
            headers: bearer(charger.operatorToken),
          })
        ).json<{ items: { action: string; sentBy: string | null; outcome: string }[] }>().items,
      (items) => items.some((i) => i.action === 'CertificateSigned' && i.outcome === 'result'),
    );
    expect(log[0]).toMatchObject({ action: 'CertificateSigned', sentBy: null });
  });

  it('signs a 2.0.1 V2G certificate as a TLS server’s, and names its type', async () => {
    const { station } = await connected('ocpp2.0.1');
    const csr = newSigningRequest({ commonName: 'DEST*001*E1' }, newKeyPair());
    expect(
      await station.call('SignCertificate', { csr, certificateType: 'V2GCertificate' }),
    ).toEqual({ status: 'Accepted' });
    const params = await signedChain(station);
    expect(params.certificateType).toBe('V2GCertificate');
    const [leaf] = certificatesOf(String(params.certificateChain));
    expect(leaf?.keyUsage).toContain('1.3.6.1.5.5.7.3.1'); // TLS server
  });

  it('refuses a request for another charger, and one that is not a request', async () => {
    const { charger, station } = await connected('ocpp1.6');
    const other = newSigningRequest({ commonName: 'ANOTHER-CHARGER' }, newKeyPair());
    expect(await station.call('SignCertificate', { csr: other })).toEqual({ status: 'Rejected' });
    expect(
      await station.call('SignCertificate', {
        csr: '-----BEGIN CERTIFICATE REQUEST-----\nnope\n-----END CERTIFICATE REQUEST-----',
      }),
    ).toEqual({ status: 'Rejected' });
    const notices = await t.app.ctx.db
      .select()
      .from(chargerNotices)
      .where(eq(chargerNotices.chargerId, charger.id));
    expect(notices.map((n) => [n.type, (n.detail as { reason: string }).reason]).sort()).toEqual([
      ['CertificateSigningRefused', 'invalidRequest'],
      ['CertificateSigningRefused', 'wrongSubject'],
    ]);
    expect(station.received.some((m) => m.method === 'CertificateSigned')).toBe(false);
  });
});

describe('the authority kept in the database', () => {
  it('is made once, whoever asks first', async () => {
    let made = 0;
    const make = () => {
      made += 1;
      return newAuthority({ commonName: `kept ${String(made)}` });
    };
    const name = `test-${String(Date.now())}`;
    const [a, b] = await Promise.all([
      keptAuthority(t.app.ctx.db, name, make),
      keptAuthority(t.app.ctx.db, name, make),
    ]);
    expect(a.certificatePem).toBe(b.certificatePem);
    expect((await keptAuthority(t.app.ctx.db, name, make)).certificatePem).toBe(a.certificatePem);
  });
});
