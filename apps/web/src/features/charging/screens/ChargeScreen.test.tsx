// @vitest-environment happy-dom
import type { Charge } from '@stod/domain';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppState } from '../../../lib/app-state.ts';
import { resetChargeLookups } from '../../../lib/charge-query.ts';
import {
  CHARGE_ID,
  CHARGER_ID,
  chargeAt,
  INSTALLATION_ID,
  RECEIPT_ID,
  testCharge,
  testInstallation,
} from '../../../lib/charge-fixtures.ts';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi, type Answer, type SentRequest } from '../../../test/api.ts';
import { emit, resetRealtime, setConnected } from '../../../test/realtime-mock.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../../test/render.tsx';
import { cardIds, testMethods } from '../../../test/station-fixtures.ts';
import { ChargeScreen } from './ChargeScreen.tsx';

vi.mock('../../../lib/realtime.ts', () =>
  import('../../../test/realtime-mock.ts').then((m) => m.realtimeMock),
);

type Routes = Record<string, Answer | ((request: SentRequest) => Answer | Promise<Answer>)>;

function api(active: ReturnType<typeof testCharge> | null, extra: Routes = {}) {
  return mockApi({
    'GET /charges/active': { body: { charge: active } },
    [`GET /installations/${INSTALLATION_ID}`]: { body: testInstallation() },
    'GET /payment-methods': { body: testMethods },
    ...(active ? { [`GET /charges/${CHARGE_ID}`]: { body: active } } : {}),
    ...extra,
  });
}

const chosen = `?charger=${CHARGER_ID}&connector=1`;
const open = (search = '') =>
  renderWithApp(<ChargeScreen />, {
    path: paths.chargingCharge.pattern,
    url: `${paths.chargingCharge(INSTALLATION_ID)}${search}`,
  });

/** A charge under way, on screen with its figures. */
async function openCharging() {
  api(chargeAt(10, { state: 'charging', label: 'charging', kwh: 1 }));
  const opened = open();
  await screen.findByTestId('charge-readout');
  return opened;
}
const faulted = { id: CHARGER_ID, identity: 'SIM-PUB-1', status: 'Faulted', online: true } as const;

/** The server's updates of the charge, one after the other, as the realtime channel brings them. */
function changed(...views: Charge[]) {
  act(() => {
    for (const view of views) emit('charge.changed', CHARGE_ID, view);
  });
}

const currentStep = () =>
  screen.getByRole('list', { name: 'Gongdin í ladingini' }).querySelector('[aria-current="step"]');

const chargeReceipt = {
  id: RECEIPT_ID,
  createdAt: '2026-03-05T12:45:00.000Z',
  stationName: 'Ladistøð Tórshavn',
  productType: 'Charge',
  productDescription: 'Lading',
  amount: 4323,
  vatAmount: 865,
  currency: 'DKK',
  quantity: 12.35,
  unitPrice: 350,
  data: {
    products: [
      { description: 'Lading', totalPrice: 4323, price: 350, priceType: 'kwh', quantity: 12.35 },
    ],
    kwh: 12.35,
    totalTime: 42,
  },
};

beforeAll(() => setUpTexts(['charging']));
beforeEach(() => {
  resetRealtime();
  resetChargeLookups();
});
afterEach(() => {
  vi.useRealTimers();
  useAppState.setState({ transactionInProgress: false });
});

describe('ChargeScreen, before the charge', () => {
  it('offers the free connectors when none is chosen, then the card and the hold', async () => {
    api(null);
    const { user, router } = open();
    expect(await screen.findByRole('heading', { name: 'Vel tengil' })).toBeTruthy();
    const tiles = screen.getAllByTestId('connector');
    const free = tiles.find((t) => t.getAttribute('data-status') === 'Available')!;
    const faulted = tiles.find((t) => t.getAttribute('data-status') === 'Faulted')!;
    await user.click(faulted);
    expect(router.state.location.search).toBe('');
    await user.click(free);
    await waitFor(() => expect(router.state.location.search).toBe(chosen));
    expect((await screen.findByTestId('charge-chosen')).textContent).toBe('Ladari 1 · tengil 1');
    expect(screen.getByTestId('charge-price').textContent).toContain('3,50 kr./kWh');
    const cards = screen.getByTestId('charge-cards');
    // The favourite comes first and is chosen.
    expect(within(cards).getAllByRole('radio')[0]?.getAttribute('aria-checked')).toBe('true');
    expect(within(cards).getAllByRole('radio')[0]?.textContent).toContain('1881');
    expect(screen.getByTestId('charge-hold').textContent).toContain('300,00 kr. verða fyrivarðar');
  });

  it('opens the charge under one idempotency key across retries, then shows it ready', async () => {
    let attempts = 0;
    const sent = api(null, {
      'POST /charges': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(503, 'GATEWAY_UNAVAILABLE', 'Gjaldið svaraði ikki. Royn aftur.')
          : { status: 201, body: testCharge() };
      },
    });
    const { user, router } = open(chosen);
    await user.click(await screen.findByRole('button', { name: 'Halt fram' }));
    expect((await screen.findByTestId('charge-start-error')).textContent).toContain(
      'Gjaldið svaraði ikki. Royn aftur.',
    );
    await user.click(screen.getByRole('button', { name: 'Halt fram' }));
    expect(await screen.findByTestId('charge-ready')).toBeTruthy();

    const posts = sent.filter((r) => r.method === 'POST' && r.path === '/charges');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(posts[1]?.headers['Idempotency-Key']).toBe(posts[0]?.headers['Idempotency-Key']);
    expect(posts[0]?.body).toEqual({
      installationId: INSTALLATION_ID,
      chargerId: CHARGER_ID,
      connectorId: 1,
      paymentMethodId: cardIds.favourite,
    });
    expect(currentStep()?.textContent).toContain('Klárt at lada');
    expect(screen.getByTestId('charge-held-line').textContent).toBe('Fyrivarðað: 300,00 kr.');
    expect(screen.getByRole('button', { name: 'Byrja at lada' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Avlýs ladingina' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem('charge_id')).toBe(CHARGE_ID);
    expect(useAppState.getState().transactionInProgress).toBe(true);
  });

  it('charges nothing at the user’s own installation: no card, no hold', async () => {
    const sent = api(null, {
      [`GET /installations/${INSTALLATION_ID}`]: {
        body: testInstallation({ access: 'own', public: false, ownerId: 'u-1' }),
      },
      'POST /charges': {
        status: 201,
        body: testCharge({ own: true, held: 0, paymentMethodId: null }),
      },
    });
    const { user } = open(chosen);
    expect(await screen.findByTestId('charge-own')).toBeTruthy();
    expect(screen.getByTestId('charge-price').textContent).toContain('Ókeypis');
    expect(screen.queryByTestId('charge-cards')).toBeNull();
    expect(screen.queryByTestId('charge-hold')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Halt fram' }));
    await screen.findByTestId('charge-ready');
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      installationId: INSTALLATION_ID,
      chargerId: CHARGER_ID,
      connectorId: 1,
    });
    expect(screen.queryByTestId('charge-held-line')).toBeNull();
  });

  it('asks no card under a free share, and says the owner lets the user charge for nothing', async () => {
    const base = testInstallation({ access: 'shared', public: false, ownerId: 'owner-1' });
    const chargers = base.chargers.map((c) => ({
      ...c,
      tariff: { type: 'kWh' as const, price: 0 },
    }));
    const sent = api(null, {
      [`GET /installations/${INSTALLATION_ID}`]: { body: { ...base, chargers } },
      'POST /charges': { status: 201, body: testCharge({ held: 0, paymentMethodId: null }) },
    });
    const { user } = open(chosen);
    expect(await screen.findByTestId('charge-shared-free')).toBeTruthy();
    expect(screen.getByTestId('charge-price').textContent).toContain('Ókeypis');
    expect(screen.queryByTestId('charge-cards')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Halt fram' }));
    await screen.findByTestId('charge-ready');
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      installationId: INSTALLATION_ID,
      chargerId: CHARGER_ID,
      connectorId: 1,
    });
  });

  it('asks for a card under a priced share, at the share’s price', async () => {
    const base = testInstallation({ access: 'shared', public: false, ownerId: 'owner-1' });
    const chargers = base.chargers.map((c) => ({
      ...c,
      tariff: { type: 'kWh' as const, price: 150 },
    }));
    api(null, { [`GET /installations/${INSTALLATION_ID}`]: { body: { ...base, chargers } } });
    open(chosen);
    expect(await screen.findByTestId('charge-cards')).toBeTruthy();
    expect(screen.getByTestId('charge-price').textContent).toContain('1,50 kr.');
    expect(screen.queryByTestId('charge-shared-free')).toBeNull();
  });

  it('shows the way to the charge that runs when the server says only one car at a time', async () => {
    let active: ReturnType<typeof testCharge> | null = null;
    api(null, {
      'GET /charges/active': () => ({ body: { charge: active } }),
      'POST /charges': () => {
        active = testCharge({
          id: 'other-charge',
          installationId: 'other-installation',
          state: 'charging',
          label: 'charging',
        });
        return apiError(409, 'CHARGE_ACTIVE', 'Bara ein bilur kann ladast í senn.');
      },
    });
    const { user } = open(chosen);
    await user.click(await screen.findByRole('button', { name: 'Halt fram' }));
    const notice = await screen.findByTestId('charging-active-notice');
    expect(notice.textContent).toContain('Bara ein bilur kann ladast í senn.');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe(
      paths.chargingCharge('other-installation'),
    );
    expect(screen.queryByTestId('charge-start-error')).toBeNull();
  });

  it('says the server’s words when the connector was taken, and lets another be chosen', async () => {
    api(null, {
      'POST /charges': apiError(
        409,
        'CHARGER_UNAVAILABLE',
        'Ladarin er ikki tøkur, er tikin frá ella hevur ein feil.',
      ),
    });
    const { user, router } = open(chosen);
    await user.click(await screen.findByRole('button', { name: 'Halt fram' }));
    const error = await screen.findByTestId('charge-start-error');
    expect(error.textContent).toContain('Ladarin er ikki tøkur, er tikin frá ella hevur ein feil.');
    await user.click(within(error).getByRole('button', { name: 'Vel ein annan tengil' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'Vel tengil' })).toBeTruthy();
  });

  it.each([
    [403, 'SHARE_ENDED', 'Atgongd tín til hesa ladistøðina er endað.'],
    [422, 'SHARE_CAP_REACHED', 'Tú hevur brúkt tær kWh, sum tú hevur loyvi til henda mánaðin.'],
  ])(
    'says the server’s words when a share refuses the start (%s %s)',
    async (status, code, text) => {
      api(null, {
        [`GET /installations/${INSTALLATION_ID}`]: {
          body: testInstallation({ access: 'shared', public: false, ownerId: 'u-9' }),
        },
        'POST /charges': apiError(status, code, text),
      });
      const { user } = open(chosen);
      await user.click(await screen.findByRole('button', { name: 'Halt fram' }));
      const error = await screen.findByTestId('charge-start-error');
      expect(error.textContent).toBe(text);
      expect(within(error).queryByRole('button')).toBeNull();
      expect(screen.queryByTestId('charge-ready')).toBeNull();
    },
  );

  it('asks for a payment method when no card may pay for charging', async () => {
    api(null, { 'GET /payment-methods': { body: { items: [], agreement: null } } });
    open(chosen);
    const card = await screen.findByTestId('charge-no-payment');
    expect(within(card).getByRole('link').getAttribute('href')).toBe(paths.paymentMethods);
    expect(screen.queryByRole('button', { name: 'Halt fram' })).toBeNull();
  });
});

describe('ChargeScreen, during the charge', () => {
  it('starts, waits for the plug, then shows the live figures the socket brings', async () => {
    const sent = api(testCharge(), {
      [`POST /charges/${CHARGE_ID}/start`]: {
        body: chargeAt(1, { state: 'waiting', label: 'plug', startedAt: null }),
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Byrja at lada' }));
    expect(await screen.findByTestId('charge-plug')).toBeTruthy();
    expect(currentStep()?.textContent).toContain('Set ladaran í bilin');
    expect(screen.getByRole('button', { name: 'Avlýs ladingina' })).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST' && r.path.endsWith('/start'))).toBe(true);

    act(() => {
      emit(
        'charge.changed',
        CHARGE_ID,
        chargeAt(20, {
          state: 'charging',
          label: 'charging',
          charger: { id: CHARGER_ID, identity: 'SIM-PUB-1', status: 'Charging', online: true },
          kwh: 3.456,
          minutes: 4.2,
          elapsedSeconds: 3725,
          powerKw: 11,
          amount: 1210,
          startedAt: '2026-03-05T12:00:10.000Z',
        }),
      );
      emit('charge.changed', 'another-charge', chargeAt(30, { id: 'another-charge', kwh: 99 }));
    });
    await waitFor(() => expect(screen.getByTestId('charge-kwh').textContent).toBe('3,46'));
    expect(currentStep()?.textContent).toContain('Lading í gongd');
    expect(screen.getByTestId('charge-power').textContent).toBe('11,0');
    expect(screen.queryByTestId('charge-power-note')).toBeNull();
    expect(screen.getByTestId('charge-amount').textContent).toBe('12,10 kr.');
    // Hours, minutes and seconds, running on between updates.
    expect(screen.getByTestId('charge-elapsed').textContent).toMatch(/^1:02:0\d$/);
    expect(screen.getByTestId('charge-held-line').textContent).toBe('Fyrivarðað: 300,00 kr.');
    expect(screen.getByRole('button', { name: 'Steðga ladingini' })).toBeTruthy();
    // An older view arriving late does not take the screen back.
    await act(async () => {
      emit('charge.changed', CHARGE_ID, chargeAt(2, { state: 'waiting', label: 'plug' }));
      await Promise.resolve();
    });
    expect(screen.getByTestId('charge-kwh').textContent).toBe('3,46');
    // The installation's power limit shared with another car: the figure says what holds it.
    act(() => {
      emit(
        'charge.changed',
        CHARGE_ID,
        chargeAt(40, {
          state: 'charging',
          label: 'charging',
          charger: { id: CHARGER_ID, identity: 'SIM-PUB-1', status: 'Charging', online: true },
          kwh: 4.1,
          powerKw: 5.4,
          powerLimitKw: 5.5,
          startedAt: '2026-03-05T12:00:10.000Z',
        }),
      );
    });
    await waitFor(() =>
      expect(screen.getByTestId('charge-power-note').textContent).toBe(
        'Í mesta lagi 5,5 kW: streymurin á staðnum verður býttur',
      ),
    );
    // That update read fewer seconds than were shown: the clock does not go back.
    expect(screen.getByTestId('charge-elapsed').textContent).toMatch(/^1:02:0\d$/);
  });

  it('stops after asking, and ends with the receipt laid out as receipts are', async () => {
    const charging = chargeAt(30, {
      state: 'charging',
      label: 'charging',
      charger: { id: CHARGER_ID, identity: 'SIM-PUB-1', status: 'Charging', online: true },
      kwh: 12.35,
      minutes: 42,
      powerKw: 11,
      amount: 4323,
    });
    window.localStorage.setItem('charge_id', CHARGE_ID);
    const sent = api(charging, {
      [`POST /charges/${CHARGE_ID}/stop`]: {
        body: chargeAt(40, { ...charging, updatedAt: chargeAt(40).updatedAt, state: 'stopping' }),
      },
      [`GET /receipts/${RECEIPT_ID}`]: { body: chargeReceipt },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Steðga ladingini' }));
    const modal = await screen.findByTestId('charge-stop-modal');
    await user.click(within(modal).getByRole('button', { name: 'Steðga' }));
    await screen.findByText('Ladingin verður steðgað…');
    expect(sent.some((r) => r.method === 'POST' && r.path.endsWith('/stop'))).toBe(true);

    changed({
      ...charging,
      state: 'completed',
      label: 'complete',
      captured: 4323,
      released: 25677,
      receiptId: RECEIPT_ID,
      updatedAt: '2026-03-05T12:45:00.000Z',
      finishedAt: '2026-03-05T12:45:00.000Z',
    });
    const done = await screen.findByTestId('charge-complete');
    expect(within(done).getByRole('heading', { name: 'Takk fyri!' })).toBeTruthy();
    expect(currentStep()?.textContent).toContain('Lading liðug');
    expect(screen.getByTestId('charge-captured').textContent).toBe('43,23 kr.');
    expect(screen.getByTestId('charge-released').textContent).toBe('256,77 kr.');
    const receipt = await screen.findByTestId('charge-receipt');
    const lines = within(receipt).getByRole('table', { name: 'Vørur' });
    expect(within(lines).getByRole('row', { name: 'Lading 43,23 kr.' })).toBeTruthy();
    expect(within(lines).getByRole('rowheader', { name: '12,35 kWh × 3,50 kr.' })).toBeTruthy();
    expect(within(lines).getByRole('row', { name: 'Tíð í alt 42 min.' })).toBeTruthy();
    const totals = within(receipt).getByRole('table', { name: 'Tilsamans og MVG' });
    expect(within(totals).getByRole('row', { name: 'Tilsamans 43,23 kr.' })).toBeTruthy();
    expect(screen.getByTestId('charge-receipt-link').getAttribute('href')).toBe(
      paths.receipt(RECEIPT_ID),
    );
    await waitFor(() => expect(window.localStorage.getItem('charge_id')).toBeNull());
    expect(useAppState.getState().transactionInProgress).toBe(false);
  });

  it('cancels before the start, after asking, and says the hold is released', async () => {
    api(testCharge(), {
      [`POST /charges/${CHARGE_ID}/cancel`]: {
        body: chargeAt(5, {
          state: 'cancelled',
          label: 'cancelled',
          released: 30_000,
          finishedAt: '2026-03-05T12:00:05.000Z',
        }),
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Avlýs ladingina' }));
    const modal = await screen.findByTestId('charge-cancel-modal');
    expect(modal.textContent).toContain('300,00 kr.');
    await user.click(within(modal).getByRole('button', { name: 'Avlýs' }));
    const ended = await screen.findByTestId('charge-ended');
    expect(within(ended).getByRole('heading').textContent).toBe('Ladingin er avlýst');
    expect(ended.textContent).toContain('300,00 kr. eru loystar aftur');
    expect(screen.getByTestId('charge-again').getAttribute('href')).toBe(
      paths.chargingInstallation(INSTALLATION_ID),
    );
  });

  it('shows the server’s words when the charger is offline at the start', async () => {
    api(testCharge(), {
      [`POST /charges/${CHARGE_ID}/start`]: apiError(
        409,
        'CHARGER_OFFLINE',
        'Ladarin hevur ikki samband júst nú. Royn aftur um eina løtu.',
      ),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Byrja at lada' }));
    expect((await screen.findByTestId('charge-action-error')).textContent).toBe(
      'Ladarin hevur ikki samband júst nú. Royn aftur um eina løtu.',
    );
    expect(screen.getByRole('button', { name: 'Byrja at lada' })).toBeTruthy();
  });

  it('sends the user to the unavailable screen when the charger becomes faulted', async () => {
    const { router } = await openCharging();
    changed(chargeAt(20, { state: 'charging', label: 'charging', charger: faulted }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.chargingUnavailable(INSTALLATION_ID)),
    );
    expect(router.state.location.state).toEqual({ chargeId: CHARGE_ID });
  });

  it('leaves for the unavailable screen even when the fault and the end come at once', async () => {
    const { router } = await openCharging();
    changed(
      chargeAt(20, { state: 'stopping', label: 'charging', charger: faulted }),
      chargeAt(21, {
        state: 'completed',
        label: 'complete',
        charger: faulted,
        finishedAt: '2026-03-05T12:00:21.000Z',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.chargingUnavailable(INSTALLATION_ID)),
    );
  });

  it('only stores an update that finished the charge, whatever the charger says', async () => {
    const { router } = await openCharging();
    changed(
      chargeAt(20, {
        state: 'failed',
        label: 'cancelled',
        charger: faulted,
        finishedAt: '2026-03-05T12:00:20.000Z',
      }),
    );
    await screen.findByTestId('charge-ended');
    expect(router.state.location.pathname).toBe(paths.chargingCharge(INSTALLATION_ID));
  });

  it('looks the charge up once a second while the socket is away, and not faster', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-05T12:01:00.000Z'));
    let view = chargeAt(10, { state: 'charging', label: 'charging', kwh: 1 });
    const sent = api(null, {
      'GET /charges/active': () => ({ body: { charge: view } }),
      [`GET /charges/${CHARGE_ID}`]: () => ({ body: view }),
    });
    open();
    await vi.waitFor(() => expect(screen.getByTestId('charge-kwh').textContent).toBe('1,00'));
    view = chargeAt(12, { state: 'charging', label: 'charging', kwh: 2 });
    await act(async () => {
      vi.advanceTimersByTime(1000);
      vi.setSystemTime(Date.now() + 1000);
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('charge-kwh').textContent).toBe('2,00'));
    const lookups = () => sent.filter((r) => r.path === `/charges/${CHARGE_ID}`).length;
    const before = lookups();
    await act(async () => {
      vi.advanceTimersByTime(3000);
      vi.setSystemTime(Date.now() + 3000);
      await Promise.resolve();
    });
    await waitFor(() => expect(lookups()).toBeGreaterThan(before));
    expect(lookups() - before).toBeLessThanOrEqual(3);
    act(() => setConnected(true));
  });

  it('resumes the charge the device kept when the server lists none as active', async () => {
    window.localStorage.setItem('charge_id', CHARGE_ID);
    api(null, {
      [`GET /charges/${CHARGE_ID}`]: {
        body: chargeAt(10, { state: 'waiting', label: 'plug' }),
      },
    });
    open();
    expect(await screen.findByTestId('charge-plug')).toBeTruthy();
  });

  it('does not show a kept charge of another installation', async () => {
    window.localStorage.setItem('charge_id', CHARGE_ID);
    api(null, {
      [`GET /charges/${CHARGE_ID}`]: {
        body: chargeAt(10, { installationId: 'elsewhere', state: 'waiting', label: 'plug' }),
      },
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Vel tengil' })).toBeTruthy();
    expect(screen.queryByTestId('charge-plug')).toBeNull();
  });
});
