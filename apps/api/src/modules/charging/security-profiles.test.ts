import { X509Certificate } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issueFor,
  newAuthority,
  newKeyPair,
  newSigningRequest,
  type Authority,
} from '../../lib/certificates.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import {
  boot16,
  boot201,
  listen,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { cardCustomer, until } from '../../test/stations.ts';

// The OCPP security profiles with certificates this test makes: the endpoint also listens with
// TLS on a port of its own, a charger of profile 2 must come over TLS with its password, one of
// profile 3 with a client certificate from the chargers' authority named for it, and neither is
// let in the way a lower profile would be. A proxy in TRUST_PROXY that ended TLS may say so.

const PASSWORD = 'trygt-loyniord-1234';

let t: TestApp;
let wsUrl: string;
let wssUrl: string;
let serverCa: Authority;
let chargerCa: Authority;
let rogueCa: Authority;
const open: ScriptedCharger[] = [];

beforeAll(async () => {
  serverCa = newAuthority({ commonName: 'Støð test server CA' });
  chargerCa = newAuthority({ commonName: 'Støð chargers CA', organization: 'Støð' });
  rogueCa = newAuthority({ commonName: 'Someone else' });
  const serverKeys = newKeyPair();
  const serverCert = issueFor(serverCa, {
    name: { commonName: 'localhost' },
    publicKeyPem: serverKeys.publicKeyPem,
    usage: 'server',
    hosts: ['localhost', '127.0.0.1'],
  });
  t = await createTestApp({
    OCPP_TLS_CERT: serverCert,
    OCPP_TLS_KEY: serverKeys.privateKeyPem,
    OCPP_TLS_CLIENT_CA: chargerCa.certificatePem,
    OCPP_CA_CERT: chargerCa.certificatePem,
    OCPP_CA_KEY: chargerCa.privateKeyPem,
    OCPP_TLS_PORT: '0',
    TRUST_PROXY: '127.0.0.1',
  });
  wsUrl = await listen(t.app);
  await t.app.tlsEndpoint?.ready();
  wssUrl = `wss://localhost:${String(t.app.tlsEndpoint?.port())}/ocpp`;
});
afterAll(async () => {
  for (const charger of open) await charger.close();
  await t.close();
});

/** A client certificate and key for a charger, from an authority. */
function clientCertificate(issuer: Authority, commonName: string) {
  const keys = newKeyPair();
  const cert = issueFor(issuer, {
    name: { commonName, organization: 'Støð' },
    publicKeyPem: keys.publicKeyPem,
    usage: 'client',
  });
  return { cert, key: keys.privateKeyPem };
}

/** A new charger, with a password unless told not to, at a security profile. */
async function withProfile(profile: 1 | 2 | 3, password: string | null = PASSWORD) {
  const charger = await registerCharger(t.app, password ? { password } : {});
  await withProfileOf(charger, profile);
  return charger;
}

async function withProfileOf(
  charger: { identity: string; operatorToken: string },
  profile: number,
) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/chargers/${charger.identity}/security-profile`,
    headers: bearer(charger.operatorToken),
    payload: { profile },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function connects(...args: Parameters<typeof scriptedCharger>) {
  const station = await scriptedCharger(...args);
  open.push(station);
  return station;
}

describe('security profile 2: HTTP Basic over TLS', () => {
  it('lets the charger in over TLS with its password, and not over plain WebSocket', async () => {
    const charger = await withProfile(2);
    const tls = { ca: serverCa.certificatePem };
    const station = await connects(wssUrl, charger.identity, { password: PASSWORD, tls });
    await boot16(station);
    await expect(
      scriptedCharger(wsUrl, charger.identity, { password: PASSWORD }),
    ).rejects.toMatchObject({ code: 401 });
    await expect(
      scriptedCharger(wssUrl, charger.identity, { password: 'rangt-loyniord-1234', tls }),
    ).rejects.toMatchObject({ code: 401 });
  });

  it('takes TLS ended by a trusted proxy that says so, and a 2.0.1 charger too', async () => {
    const charger = await withProfile(2);
    const station = await connects(wsUrl, charger.identity, {
      protocol: 'ocpp2.0.1',
      password: PASSWORD,
      headers: { 'x-forwarded-proto': 'https' },
    });
    await boot201(station);
    await expect(
      scriptedCharger(wsUrl, charger.identity, {
        password: PASSWORD,
        headers: { 'x-forwarded-proto': 'http' },
      }),
    ).rejects.toMatchObject({ code: 401 });
  });
});

describe('security profile 3: TLS with a client certificate', () => {
  it('lets in the charger whose certificate is from the chargers’ authority and names it', async () => {
    const charger = await withProfile(3, null);
    const station = await connects(wssUrl, charger.identity, {
      tls: { ca: serverCa.certificatePem, ...clientCertificate(chargerCa, charger.identity) },
    });
    await boot16(station);
  });

  it('refuses another authority’s certificate, another charger’s, none, and plain WebSocket', async () => {
    const charger = await withProfile(3);
    const ca = serverCa.certificatePem;
    const refused = [
      { tls: { ca, ...clientCertificate(rogueCa, charger.identity) } },
      { tls: { ca, ...clientCertificate(chargerCa, 'ANOTHER-CHARGER') } },
      { tls: { ca }, password: PASSWORD },
    ];
    for (const options of refused)
      await expect(scriptedCharger(wssUrl, charger.identity, options)).rejects.toMatchObject({
        code: 401,
      });
    // Neither plain WebSocket nor a proxy's word will do: the certificate must be seen here.
    await expect(
      scriptedCharger(wsUrl, charger.identity, {
        password: PASSWORD,
        headers: { 'x-forwarded-proto': 'https' },
      }),
    ).rejects.toMatchObject({ code: 401 });
  });

  it('still lets a profile 1 charger in, over either port', async () => {
    const charger = await registerCharger(t.app, { password: PASSWORD });
    await boot16(await connects(wsUrl, charger.identity, { password: PASSWORD }));
    await connects(wssUrl, charger.identity, {
      password: PASSWORD,
      tls: { ca: serverCa.certificatePem },
    });
  });
});

describe('from profile 2 to 3 with a certificate the CSMS signed', () => {
  it('signs the charger’s request, sends the chain, and lets it in with it at profile 3', async () => {
    const charger = await withProfile(2);
    const tls = { ca: serverCa.certificatePem };
    const station = await connects(wssUrl, charger.identity, {
      password: PASSWORD,
      tls,
      handlers: { CertificateSigned: () => ({ status: 'Accepted' }) },
    });
    await boot16(station);
    const keys = newKeyPair();
    const csr = newSigningRequest({ commonName: charger.identity, organization: 'Støð' }, keys);
    expect(await station.call('SignCertificate', { csr })).toEqual({ status: 'Accepted' });
    const signed = await until(
      () => Promise.resolve(station.received.find((m) => m.method === 'CertificateSigned')),
      (m) => m !== undefined,
    );
    const chain = String(signed?.params.certificateChain);
    const [leaf] = chain.split(/(?<=-----END CERTIFICATE-----)\n?/);
    const cert = new X509Certificate(leaf ?? '');
    expect(cert.subject).toContain(`CN=${charger.identity}`);
    expect(cert.verify(new X509Certificate(chargerCa.certificatePem).publicKey)).toBe(true);

    await withProfileOf(charger, 3);
    await station.close();
    const again = await connects(wssUrl, charger.identity, {
      tls: { ...tls, cert: leaf ?? '', key: keys.privateKeyPem },
    });
    await boot16(again);
  });
});

describe('PUT /api/admin/chargers/{identity}/security-profile', () => {
  const put = (token: string, identity: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/chargers/${identity}/security-profile`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: payload as Record<string, unknown>,
    });

  it('checks the profile, refuses one no charger could meet, and is for operators only', async () => {
    const charger = await registerCharger(t.app);
    for (const bad of [{ profile: 0 }, { profile: 4 }, { profile: '2' }, {}, { profile: 1, x: 1 }])
      expect((await put(charger.operatorToken, charger.identity, bad)).statusCode).toBe(400);
    const noPassword = await put(charger.operatorToken, charger.identity, { profile: 2 });
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json()).toMatchObject({
      code: 'PROFILE_UNAVAILABLE',
      message: 'Security profile 2 needs a password: set the charger’s password first.',
    });
    expect((await put(charger.operatorToken, 'NO-SUCH', { profile: 1 })).statusCode).toBe(404);
    const customer = await cardCustomer(t.app);
    expect((await put(customer.token, charger.identity, { profile: 1 })).statusCode).toBe(403);
    expect((await put(charger.operatorToken, charger.identity, { profile: 3 })).json()).toEqual({
      identity: charger.identity,
      securityProfile: 3,
    });
  });

  it('answers a plain HTTPS request on the TLS port 426', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpsRequest(
        `https://localhost:${String(t.app.tlsEndpoint?.port())}/`,
        { ca: serverCa.certificatePem },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(426);
  });
});

describe('without a chargers’ authority', () => {
  it('refuses profile 3, and profile 2 where no TLS is to be had', async () => {
    const bare = await createTestApp();
    try {
      const charger = await registerCharger(bare.app, { password: PASSWORD });
      for (const profile of [2, 3]) {
        const res = await bare.app.inject({
          method: 'PUT',
          url: `/api/admin/chargers/${charger.identity}/security-profile`,
          headers: { ...bearer(charger.operatorToken), 'accept-language': 'en' },
          payload: { profile },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json<{ message: string }>().message).toContain('needs TLS');
      }
    } finally {
      await bare.close();
    }
  });
});
