import { expectAccessible } from './a11y-fixtures.ts';
import { openSignedIn } from './fixtures.ts';
import { expect, test } from './test.ts';
import { closeToasts, listViaApi, shot } from './wallet-fixtures.ts';

// A new provider card works 3 minutes after it is issued (spec: the activation panel).
const ACTIVATION_MS = 3 * 60_000;

test('a new provider card turns active by the realtime event, without a reload', async ({
  signedIn: page,
  user,
  request,
}) => {
  test.setTimeout(ACTIVATION_MS + 90_000);
  const agreement = await request.post('/api/payment-agreement', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: {
      fullName: user.name,
      email: user.email,
      phone: '291234',
      registrationNumber: '6460',
      accountNumber: '0001234567',
    },
  });
  expect(agreement.status(), await agreement.text()).toBe(201);

  // Every frame the app receives over its socket, to tell the event's refresh from the poll's.
  const frames: string[] = [];
  const sockets: string[] = [];
  page.on('websocket', (ws) => {
    sockets.push(ws.url());
    ws.on('framereceived', ({ payload }) => {
      frames.push(typeof payload === 'string' ? payload : payload.toString());
    });
  });

  await page.goto('/register-user/payment-methods/stodkort/create');
  await page.getByRole('button', { name: 'Vátta við talgildum samleika' }).click();
  await page.getByRole('button', { name: /Jógvan Joensen/ }).click();
  await expect(page).toHaveURL(/\/register-user\/completed$/);
  const panel = page.getByTestId('activation-panel');
  await expect(panel).toContainText('Verður virkið um');
  await expect.poll(() => sockets.some((url) => url.includes('/socket.io/'))).toBe(true);

  const [card] = (await listViaApi(request, user)).items;
  if (!card) throw new Error('no card was issued');
  expect(card.isActive).toBe(false);
  const reloads: number[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/payment-methods')) reloads.push(Date.now());
  });
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  // The panel goes once the list is fetched again, which the event sets off.
  const waitMs = Date.parse(card.activeFrom) - Date.now() + 30_000;
  await expect(panel).toHaveCount(0, { timeout: waitMs });
  const event = frames.find((f) => f.includes(card.id) && f.includes('paymentMethod.activated'));
  expect(event, 'the activation event reached the app').toBeDefined();
  expect(event).toContain('"isActive":true');
  expect(reloads.length).toBeGreaterThan(0);
  expect(navigations).toEqual([]);

  await closeToasts(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot(shot('realtime-card-activated', true));
  await expectAccessible(page);
});

test('the sign-in screen opens no socket, and signing out closes it', async ({ page, user }) => {
  let opened = 0;
  let closed = 0;
  page.on('websocket', (ws) => {
    opened += 1;
    ws.on('close', () => (closed += 1));
  });
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(opened).toBe(0);

  await openSignedIn(page, user, '/profile/payment-methods');
  await expect.poll(() => opened).toBe(1);

  // Within the app, so that only the sign-out can close the socket.
  await page.getByTestId('header-back').click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(closed).toBe(0);
  await page.getByRole('button', { name: 'Rita út' }).click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect.poll(() => closed).toBe(1);
  expect(opened).toBe(1);
});
