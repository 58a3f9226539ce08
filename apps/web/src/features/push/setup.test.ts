// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api.ts';

const device = vi.hoisted(() => ({
  permission: 'granted',
  asked: 0,
  token: 'subscription-json',
  dropped: 0,
}));

vi.mock('../../platform/push.ts', () => ({
  pushPermission: () => Promise.resolve(device.permission),
  requestPushPermission: () => {
    device.asked += 1;
    return Promise.resolve(device.permission);
  },
  devicePushToken: (key: string | null) => Promise.resolve(key ? device.token : null),
  dropDevicePushToken: () => {
    device.dropped += 1;
    return Promise.resolve();
  },
  deviceMeta: () =>
    Promise.resolve({ platform: 'web', osVersion: 'Linux', model: 'Chrome/140', isVirtual: false }),
}));

const { runPushSetup, forgetPushToken } = await import('./setup.ts');

const routes = () =>
  mockApi({
    'GET /push-notifications/web-key': { body: { publicKey: 'BKey' } },
    'POST /push-notifications/tokens': {
      status: 201,
      body: {
        id: 'token-1',
        deviceId: 'd',
        platform: 'web',
        name: null,
        model: 'Chrome/140',
        createdAt: '2026-11-28T10:00:00.000Z',
        updatedAt: '2026-11-28T10:00:00.000Z',
      },
    },
    'DELETE /push-notifications/tokens/token-1': { status: 204 },
  });

beforeEach(() => {
  localStorage.clear();
  Object.assign(device, {
    permission: 'granted',
    asked: 0,
    token: 'subscription-json',
    dropped: 0,
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('push setup (spec §4)', () => {
  it('asks, keeps the decision, fetches the token, keeps it and registers it with a stable device id', async () => {
    const sent = routes();
    expect(await runPushSetup({ ask: true })).toBe('registered');
    expect(device.asked).toBe(1);
    expect(localStorage.getItem('push_permission')).toBe('granted');
    expect(localStorage.getItem('push_token')).toBe('subscription-json');
    expect(localStorage.getItem('push_token_id')).toBe('token-1');
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({
      token: 'subscription-json',
      deviceMeta: { platform: 'web', model: 'Chrome/140', isVirtual: false },
    });
    const deviceId = (post?.body as { deviceId: string }).deviceId;
    await runPushSetup({ ask: false });
    const again = sent.filter((r) => r.method === 'POST')[1];
    expect((again?.body as { deviceId: string }).deviceId).toBe(deviceId);
  });

  it('forgets the stored token, here and on the server, when permission is denied', async () => {
    const sent = routes();
    await runPushSetup({ ask: true });
    device.permission = 'denied';
    expect(await runPushSetup({ ask: true })).toBe('denied');
    expect(localStorage.getItem('push_permission')).toBe('denied');
    expect(localStorage.getItem('push_token')).toBeNull();
    expect(localStorage.getItem('push_token_id')).toBeNull();
    expect(sent.some((r) => r.method === 'DELETE')).toBe(true);
    expect(device.dropped).toBe(1);
  });

  it('only logs a refused registration, and says it failed', async () => {
    mockApi({
      'GET /push-notifications/web-key': { body: { publicKey: 'BKey' } },
      'POST /push-notifications/tokens': {
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: 'Nei' },
      },
    });
    expect(await runPushSetup({ ask: false })).toBe('failed');
    expect(console.warn).toHaveBeenCalled();
    expect(localStorage.getItem('push_token_id')).toBeNull();
  });

  it('does nothing where push cannot work, and asks nothing when not asked', async () => {
    const sent = routes();
    device.permission = 'unsupported';
    expect(await runPushSetup({ ask: false })).toBe('unsupported');
    device.permission = 'prompt';
    expect(await runPushSetup({ ask: false })).toBe('prompt');
    expect(device.asked).toBe(0);
    expect(sent).toEqual([]);
  });

  it('turning off removes the device on the server and the subscription', async () => {
    const sent = routes();
    await runPushSetup({ ask: true });
    await forgetPushToken();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/push-notifications/tokens/token-1',
    ]);
    expect(device.dropped).toBe(1);
  });
});
