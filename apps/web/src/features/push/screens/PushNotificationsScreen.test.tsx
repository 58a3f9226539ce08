// @vitest-environment happy-dom
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { mockApi } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts } from '../../../test/render.tsx';

const device = vi.hoisted(() => ({ permission: 'prompt' }));
vi.mock('../../../platform/push.ts', () => ({
  pushPermission: () => Promise.resolve(device.permission),
  requestPushPermission: () => {
    device.permission = 'granted';
    return Promise.resolve('granted');
  },
  devicePushToken: () => Promise.resolve('subscription-json'),
  dropDevicePushToken: () => Promise.resolve(),
  deviceMeta: () =>
    Promise.resolve({ platform: 'web', osVersion: 'Linux', model: 'Chrome', isVirtual: false }),
}));

const { PushNotificationsScreen } = await import('./PushNotificationsScreen.tsx');

const preferences = {
  chargeComplete: true,
  chargerFaulted: true,
  foodAccepted: true,
  foodReady: true,
  fuelReceipt: true,
  installationInvitation: true,
  renewalRefused: true,
  offers: false,
};

beforeAll(() => setUpTexts(['push']));
afterEach(() => {
  localStorage.clear();
  device.permission = 'prompt';
});

describe('PushNotificationsScreen', () => {
  it('turns push on for this device, and switches a kind', async () => {
    const sent = mockApi({
      'GET /push-notifications/preferences': { body: preferences },
      'PATCH /push-notifications/preferences': (r) => ({
        body: { ...preferences, ...(r.body as object) },
      }),
      'GET /push-notifications/web-key': { body: { publicKey: 'BKey' } },
      'POST /push-notifications/tokens': {
        status: 201,
        body: {
          id: 'token-1',
          deviceId: 'd',
          platform: 'web',
          name: null,
          model: 'Chrome',
          createdAt: '2026-11-28T10:00:00.000Z',
          updatedAt: '2026-11-28T10:00:00.000Z',
        },
      },
    });
    renderWithApp(<PushNotificationsScreen />, { path: paths.pushNotifications });
    expect(await screen.findByText('Fráboðanir eru sløktar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tendra fráboðanir' }));
    expect(await screen.findByText('Fráboðanir eru tendraðar')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST' && r.path === '/push-notifications/tokens')).toBe(
      true,
    );

    const offers = await screen.findByRole('switch', { name: 'Tilboð og nýggjheitir' });
    expect(offers.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(offers);
    await waitFor(() => expect(offers.getAttribute('aria-checked')).toBe('true'));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ offers: true });
  });

  it('switches back when the server refuses, and explains a denied permission', async () => {
    device.permission = 'denied';
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockApi({
      'GET /push-notifications/preferences': { body: preferences },
      'PATCH /push-notifications/preferences': async () => {
        await answered;
        return {
          status: 503,
          body: { statusCode: 503, code: 'UNAVAILABLE', message: 'Ikki tøkt' },
        };
      },
    });
    renderWithApp(<PushNotificationsScreen />, { path: paths.pushNotifications });
    expect(await screen.findByText('Tú hevur ikki loyvt fráboðanir á hesum tóli.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tendra fráboðanir' })).toBeNull();
    const ready = await screen.findByRole('switch', { name: 'Maturin er klárur' });
    fireEvent.click(ready);
    // Shown switched off at once, then back on when the server refuses.
    await waitFor(() => expect(ready.getAttribute('aria-checked')).toBe('false'));
    answer();
    await waitFor(() => expect(ready.getAttribute('aria-checked')).toBe('true'));
  });
});
