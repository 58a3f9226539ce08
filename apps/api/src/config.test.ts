import { describe, expect, it } from 'vitest';
import { loadConfig, SIMULATED_ADAPTERS } from './config.ts';

const secrets = {
  GATEWAY_WEBHOOK_SECRET: 'production-webhook-secret-0123',
  IDENTITY_CLIENT_SECRET: 'production-identity-secret-0123',
};
const production = { NODE_ENV: 'production', ...secrets };
/** The sites' secret: the pumps and bays are then reached over the site protocol. */
const sites = { SITE_SECRET: 'production-site-secret-0123' };
const issuer = { IDENTITY_ISSUER_URL: 'https://login.example.fo' };
/** Every simulator that has no real adapter yet: what a staging installation must name. */
const unreal = Object.entries(SIMULATED_ADAPTERS)
  .filter(([, adapter]) => adapter.realConfig === null)
  .map(([name]) => name);

describe('simulators', () => {
  it('all run by default outside production, unless a real adapter is configured', () => {
    expect(loadConfig({}).simulators).toEqual(Object.keys(SIMULATED_ADAPTERS));
    expect(loadConfig({ NODE_ENV: 'test' }).simulators).toContain('identity');
    expect(loadConfig(issuer).simulators).not.toContain('identity');
  });

  it('none run in production: the start fails naming each missing real adapter', () => {
    const start = () => loadConfig(production);
    expect(start).toThrow(/IDENTITY_ISSUER_URL: must be set in production/);
    expect(start).toThrow(/SIMULATORS: gateway has no real adapter yet/);
    expect(start).toThrow(/SIMULATORS: provider-stations has no real adapter yet/);
    // The development secrets are still named in the same message.
    expect(() => loadConfig({ NODE_ENV: 'production', ...issuer })).toThrow(
      /GATEWAY_WEBHOOK_SECRET: must be set in production[\s\S]*IDENTITY_CLIENT_SECRET[\s\S]*SIMULATORS: gateway/,
    );
  });

  it('a staging installation names the simulators it runs in production', () => {
    const config = loadConfig({
      ...production,
      ...issuer,
      ...sites,
      SIMULATORS: unreal.join(','),
    });
    expect(config.isProduction).toBe(true);
    expect(config.simulators).toEqual(unreal);
    expect(config.simulators).not.toContain('identity');
    expect(
      loadConfig({ ...production, ...issuer, ...sites, SIMULATORS: 'all' }).simulators,
    ).toEqual(unreal);
    // The development secret that npm start shares with the station process is refused.
    expect(() =>
      loadConfig({
        ...production,
        ...issuer,
        SITE_SECRET: 'stod-development-site-secret',
        SIMULATORS: unreal.join(','),
      }),
    ).toThrow(/SITE_SECRET: the development secret is public/);
    // Without the sites' secret, the pumps and bays have no adapter at all.
    expect(() => loadConfig({ ...production, ...issuer, SIMULATORS: unreal.join(',') })).toThrow(
      /SITE_SECRET: must be set in production \(the forecourt simulator is off\)/,
    );
  });

  it('never runs the identity simulator in production, even when named', () => {
    for (const SIMULATORS of ['all', `identity,${unreal.join(',')}`]) {
      expect(() => loadConfig({ ...production, SIMULATORS })).toThrow(
        /IDENTITY_ISSUER_URL: must be set in production \(no identity simulator there\)/,
      );
    }
  });

  it('outside production too, an adapter needs its simulator or its real configuration', () => {
    expect(() => loadConfig({ SIMULATORS: 'identity' })).toThrow(/SIMULATORS: gateway has no/);
    expect(() => loadConfig({ SIMULATORS: 'none' })).toThrow(/IDENTITY_ISSUER_URL: must be set/);
    expect(loadConfig({ ...issuer, ...sites, SIMULATORS: unreal.join(', ') }).simulators).toEqual(
      unreal,
    );
    // Named, the pumps and bays run simulated inside the API, as the unit and API tests have them.
    expect(loadConfig({ SIMULATORS: 'all' }).simulators).toContain('forecourt');
    expect(loadConfig({ SIMULATORS: 'all', ...sites }).simulators).not.toContain('forecourt');
  });

  it('refuses an unknown simulator name', () => {
    expect(() => loadConfig({ SIMULATORS: `${unreal.join(',')},identity,pumps` })).toThrow(
      /SIMULATORS: unknown "pumps"; known: all, none, identity/,
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or false', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
  });

  it('takes the addresses and CIDRs of the proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, saying what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust any X-Forwarded-For a client sends; name the proxies instead: their addresses or CIDRs/,
    );
  });

  it('refuses a hop count, which cannot tell a proxy from a direct client', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count \(1\)/);
  });

  it('refuses what is not an address or CIDR', () => {
    for (const value of ['proxy.example.fo', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', '10.0.0/8'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: not an address or CIDR/,
      );
  });
});

describe('timeouts', () => {
  it('have defaults that cut off a slow client well before a minute', () => {
    const config = loadConfig({});
    expect(config.REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(config.HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(config.KEEP_ALIVE_TIMEOUT_MS).toBe(65_000);
    expect(config.CONNECTION_TIMEOUT_MS).toBe(60_000);
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('takes the push providers’ variables whole or not at all', () => {
    expect(() => loadConfig({ FCM_PROJECT_ID: 'stod-app' })).toThrow(
      /FCM_PROJECT_ID, FCM_CLIENT_EMAIL, FCM_PRIVATE_KEY: set all of them or none/,
    );
    expect(() => loadConfig({ APNS_KEY_ID: 'K', APNS_TEAM_ID: 'T' })).toThrow(/APNS_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'x' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(loadConfig({}).APNS_BUNDLE_ID).toBe('fo.stod.app');
  });
});

describe('receipt PDFs', () => {
  it('renders on one or two workers by default, with a bounded queue, per-user limit and cache', () => {
    const config = loadConfig({});
    expect(config.PDF_WORKERS).toBeGreaterThanOrEqual(1);
    expect(config.PDF_WORKERS).toBeLessThanOrEqual(2);
    expect(config.PDF_QUEUE_MAX).toBe(50);
    expect(config.PDF_PER_USER).toBe(2);
    expect(config.PDF_CACHE_MB).toBe(16);
    expect(() => loadConfig({ PDF_WORKERS: '0' })).toThrow(/PDF_WORKERS/);
  });
});
