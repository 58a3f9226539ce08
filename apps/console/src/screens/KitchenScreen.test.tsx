// @vitest-environment happy-dom
import type { KitchenOrder } from '@stod/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLocale } from '../i18n/index.ts';
import { KITCHEN_REFRESH_MS, KITCHEN_REFRESH_OFFLINE_MS } from '../lib/kitchen.ts';
import { apiError, mockApi, type SentRequest } from '../test/api.ts';
import { FakeAudioContext, liveAudio } from '../test/audio.ts';
import { burgerOffer, kitchenOrder } from '../test/fixtures.ts';
import { members, renderConsole, setUpTexts } from '../test/render.tsx';
import { lastSocket, sockets } from '../test/socket.ts';

vi.mock('socket.io-client', () => import('../test/socket.ts'));

const ORDERS = 'GET /kitchen/stations/1/orders';
const STATION = 'GET /admin/stations/1';
const station = {
  body: {
    id: 1,
    name: 'Støð Tórshavn Miðbýur',
    address: 'Niels Finsens gøta 20, 100 Tórshavn',
    tokheimStationId: 'TK1001',
    services: ['fuel', 'carwash', 'food'],
    openingHours: Array.from({ length: 7 }, () => null),
  },
};

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const order = (number: number, overrides: Partial<KitchenOrder> = {}) =>
  kitchenOrder({ id: idOf(number), number, ...overrides });
const list = (...items: KitchenOrder[]) => ({ body: { items } });
const listRequests = (sent: SentRequest[]) =>
  sent.filter((r) => `${r.method} ${r.path}` === ORDERS).length;
const posts = (sent: SentRequest[]) =>
  sent.filter((r) => r.method === 'POST').map((r) => ({ path: r.path, body: r.body }));

/** Order 42, accepted for 14:25 (Faroese summer time), to be eaten here at 14:30. */
const cooking = (overrides: Partial<KitchenOrder> = {}) =>
  order(42, {
    state: 'accepted',
    mode: 'dine-in',
    asap: false,
    pickupAt: '2026-06-05T13:30:00.000Z',
    readyBy: '2026-06-05T13:25:00.000Z',
    acceptedAt: '2026-06-05T13:15:00.000Z',
    ...overrides,
  });

/** The server lets the display's socket in. */
async function connectSocket() {
  await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
  act(() => lastSocket().serverConnect());
}

beforeAll(() => setUpTexts());
afterAll(() => applyLocale('fo'));
beforeEach(() => {
  sockets.length = 0;
  FakeAudioContext.instances.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('KitchenScreen', () => {
  it('shows the orders in columns by state, each with what the cook needs', async () => {
    mockApi({
      [STATION]: station,
      [ORDERS]: list(
        order(41, { lines: [kitchenOrder().lines[0]!, burgerOffer] }),
        cooking(),
        order(43, { state: 'ready', readyBy: '2026-06-05T13:25:00.000Z' }),
        order(44, { state: 'collected', finishedAt: '2026-06-05T13:00:00.000Z' }),
        order(45, {
          state: 'rejected',
          rejectReason: 'Útselt',
          finishedAt: '2026-06-05T13:05:00.000Z',
        }),
      ),
    });
    const { user } = renderConsole('/kitchen/1', members.kitchen);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Køkur · Støð Tórshavn Miðbýur' }),
    ).toBeTruthy();

    const fresh = within(screen.getByTestId('column-new'));
    expect(fresh.getByRole('heading', { level: 2 }).textContent).toBe('Nýggjar1');
    const card = within(fresh.getByTestId('order-41'));
    expect(card.getByRole('heading', { level: 3 }).textContent).toBe('Bílegging 4141');
    expect(card.getByRole('heading', { level: 3, name: 'Bílegging 41' })).toBeTruthy();
    expect(card.getByTestId('order-customer').textContent).toBe('Rógvi');
    expect(card.getByTestId('order-mode').textContent).toBe('Taka við');
    expect(card.getByTestId('order-state').textContent).toBe('Nýggj');
    expect(card.getByTestId('order-pickup').textContent).toBe('Skjótast gjørligt');
    expect(card.queryByTestId('order-ready-by')).toBeNull();
    // The lines: a product with its ingredient changes, an offer with its items under it.
    expect(card.getByText('Franskar').closest('p')?.textContent).toBe('2 ×\u00a0Franskar');
    expect(card.getByText('Remulade').closest('li')?.textContent).toBe('+ við Remulade');
    expect(card.getByText('Salt').closest('li')?.textContent).toBe('− uttan Salt');
    expect(card.getByText('Burgaratilboð').closest('p')?.textContent).toBe(
      '1 ×\u00a0Burgaratilboð',
    );
    const burger = within(card.getByText('Burgari').closest('li')!);
    expect(burger.getByText('Ostur').closest('li')?.textContent).toBe('+ við Ostur');
    expect(burger.getByText('Laukur').closest('li')?.textContent).toBe('− uttan Laukur');
    // Allergens as text, in the EU's order, on every product that has any.
    const chips = burger.getByRole('list', { name: 'Allergen' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['Gluten', 'Mjólk', 'Sesam']);
    expect(card.getAllByRole('list', { name: 'Allergen' })).toHaveLength(1);
    expect(card.getByText('Samtals 80,00 kr.')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Tak við' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Avvís' })).toBeTruthy();

    const inProgress = within(screen.getByTestId('column-cooking'));
    const accepted = within(inProgress.getByTestId('order-42'));
    expect(accepted.getByTestId('order-mode').textContent).toBe('Eta her');
    expect(accepted.getByTestId('order-pickup').textContent).toBe('05.06.2026 kl. 14:30');
    expect(accepted.getByTestId('order-ready-by').textContent).toBe('05.06.2026 kl. 14:25');
    expect(accepted.getByRole('button', { name: 'Klár' })).toBeTruthy();
    const ready = within(within(screen.getByTestId('column-ready')).getByTestId('order-43'));
    expect(ready.getByTestId('order-state').textContent).toBe('Klár');
    expect(ready.getByRole('button', { name: 'Heintað' })).toBeTruthy();

    // Done is folded away, with its count, until asked for.
    const done = screen.getByTestId('column-done');
    expect(within(done).getByText('2')).toBeTruthy();
    expect(screen.queryByTestId('order-44')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Vís liðugar bíleggingar' }));
    const finished = within(screen.getByTestId('column-done'));
    expect(finished.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Bílegging 4545',
      'Bílegging 4444',
    ]);
    expect(finished.getByTestId('order-reason').textContent).toBe('Orsøk: Útselt');
    expect(within(finished.getByTestId('order-45')).getByTestId('order-state').textContent).toBe(
      'Avvíst',
    );
    expect(finished.queryAllByRole('button', { name: /^(Tak við|Klár|Heintað)$/ })).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Fjal liðugar bíleggingar' }));
    expect(screen.queryByTestId('order-44')).toBeNull();
  });

  it('accepts an order with the ready time tapped, and moves it to In progress', async () => {
    let accepted = false;
    const readyBy = '2026-06-05T13:20:00.000Z';
    const sent = mockApi({
      [STATION]: station,
      [ORDERS]: () => list(accepted ? order(41, { state: 'accepted', readyBy }) : order(41)),
      [`POST /kitchen/orders/${idOf(41)}/accept`]: () => {
        accepted = true;
        return { body: order(41, { state: 'accepted', readyBy }) };
      },
    });
    const { user } = renderConsole('/kitchen/1', members.kitchen);
    const card = within(await screen.findByTestId('order-41'));
    await user.click(card.getByRole('button', { name: 'Tak við' }));

    const dialog = within(await screen.findByTestId('accept-dialog'));
    expect(dialog.getByRole('heading').textContent).toBe('Tak við bílegging 41');
    expect(
      within(dialog.getByRole('list'))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Klár um 5 min.',
      'Klár um 10 min.',
      'Klár um 15 min.',
      'Klár um 20 min.',
      'Klár um 30 min.',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Klár um 10 min.' }));

    await waitFor(() =>
      expect(within(screen.getByTestId('column-cooking')).getByTestId('order-41')).toBeTruthy(),
    );
    await waitFor(() => expect(screen.queryByTestId('accept-dialog')).toBeNull());
    expect(posts(sent)).toEqual([
      { path: `/kitchen/orders/${idOf(41)}/accept`, body: { readyInMinutes: 10 } },
    ]);
    const moved = within(screen.getByTestId('order-41'));
    expect(moved.getByTestId('order-ready-by').textContent).toBe('05.06.2026 kl. 14:20');
    expect(moved.getByRole('button', { name: 'Klár' })).toBeTruthy();
  });

  it('recalls an order handed over by mistake, back to Ready', async () => {
    let recalled = false;
    const collected = order(44, {
      state: 'collected',
      expiresAt: null,
      readyAt: '2026-06-05T13:20:00.000Z',
      collectedAt: '2026-06-05T13:22:00.000Z',
      finishedAt: '2026-06-05T13:22:00.000Z',
    });
    const ready = { ...collected, state: 'ready' as const, collectedAt: null, finishedAt: null };
    const sent = mockApi({
      [STATION]: station,
      [ORDERS]: () => list(recalled ? ready : collected),
      [`POST /kitchen/orders/${idOf(44)}/recall`]: () => {
        recalled = true;
        return { body: ready };
      },
    });
    const { user } = renderConsole('/kitchen/1', members.kitchen);
    await screen.findByTestId('column-done');
    await user.click(screen.getByRole('button', { name: 'Vís liðugar bíleggingar' }));
    await user.click(
      await screen.findByRole('button', { name: 'Kalla bílegging 44 aftur til Klárar' }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('column-ready')).getByTestId('order-44')).toBeTruthy(),
    );
    expect(posts(sent)).toEqual([{ path: `/kitchen/orders/${idOf(44)}/recall`, body: undefined }]);
  });

  it('marks a dish sold out from the ticket, once asked', async () => {
    const sent = mockApi({
      [STATION]: station,
      [ORDERS]: list(order(41)),
      [`PUT /admin/stations/1/menu/franskar/availability`]: {
        body: { itemId: 'franskar', available: false, until: null },
      },
    });
    const { user } = renderConsole('/kitchen/1', members.kitchen);
    const card = within(await screen.findByTestId('order-41'));
    await user.click(card.getByRole('button', { name: 'Merk Franskar útselt' }));
    const dialog = within(await screen.findByTestId('sold-out-dialog'));
    expect(dialog.getByRole('heading').textContent).toBe('Merk Franskar útselt?');
    await user.click(dialog.getByRole('button', { name: 'Merk útselt' }));
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
        ['/admin/stations/1/menu/franskar/availability', { available: false }],
      ]),
    );
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Franskar er merkt útselt.',
    );
  });

  it('rejects only with a reason: a quick one, or one written', async () => {
    const sent = mockApi({
      [STATION]: station,
      [ORDERS]: list(order(41), order(46)),
      [`POST /kitchen/orders/${idOf(41)}/reject`]: () => ({
        body: order(41, {
          state: 'rejected',
          rejectReason: 'Útselt',
          finishedAt: '2026-06-05T13:12:00.000Z',
        }),
      }),
      [`POST /kitchen/orders/${idOf(46)}/reject`]: (request) => ({
        body: order(46, {
          state: 'rejected',
          rejectReason: (request.body as { reason: string }).reason,
          finishedAt: '2026-06-05T13:12:00.000Z',
        }),
      }),
    });
    const { user } = renderConsole('/kitchen/1', members.kitchen);
    await user.click(
      within(await screen.findByTestId('order-41')).getByRole('button', { name: 'Avvís' }),
    );
    const dialog = within(await screen.findByTestId('reject-dialog'));
    expect(dialog.getByRole('heading').textContent).toBe('Avvís bílegging 41');

    // Without a reason nothing is sent.
    await user.click(dialog.getByRole('button', { name: 'Avvís bíleggingina' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Vel ella skriva eina orsøk.');
    expect(posts(sent)).toEqual([]);

    const soldOut = dialog.getByRole('button', { name: 'Útselt' });
    await user.click(soldOut);
    expect(soldOut.getAttribute('aria-pressed')).toBe('true');
    expect(dialog.getByLabelText<HTMLInputElement>('Orsøk').value).toBe('Útselt');
    await waitFor(() => expect(dialog.queryByRole('alert')).toBeNull());
    await user.click(dialog.getByRole('button', { name: 'Avvís bíleggingina' }));
    await waitFor(() => expect(screen.queryByTestId('reject-dialog')).toBeNull());

    // A reason of its own, typed.
    await user.click(within(screen.getByTestId('order-46')).getByRole('button', { name: 'Avvís' }));
    const second = within(await screen.findByTestId('reject-dialog'));
    await user.type(second.getByLabelText('Orsøk'), 'Ongin pylsa eftir í dag');
    await user.click(second.getByRole('button', { name: 'Avvís bíleggingina' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(2));
    expect(posts(sent)).toEqual([
      { path: `/kitchen/orders/${idOf(41)}/reject`, body: { reason: 'Útselt' } },
      { path: `/kitchen/orders/${idOf(46)}/reject`, body: { reason: 'Ongin pylsa eftir í dag' } },
    ]);
  });

  it('says so when an order moved on elsewhere (409), and reads the list again', async () => {
    let moved = false;
    const sent = mockApi({
      [STATION]: station,
      [ORDERS]: () =>
        list(
          moved
            ? cooking({ state: 'collected', finishedAt: '2026-06-05T13:18:00.000Z' })
            : cooking(),
        ),
      [`POST /kitchen/orders/${idOf(42)}/ready`]: () => {
        moved = true;
        return apiError(409, 'ILLEGAL_STATE', 'Hetta ber ikki til, sum støðan er nú.');
      },
    });
    const { user } = renderConsole('/kitchen/1', members.kitchen);
    const card = within(await screen.findByTestId('order-42'));
    const before = listRequests(sent);
    await user.click(card.getByRole('button', { name: 'Klár' }));

    const notice = await screen.findByTestId('kitchen-problem');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toBe(
      'Bílegging 42 er longu broytt aðrastaðni: Hetta ber ikki til, sum støðan er nú. Listin er dagførdur.',
    );
    await waitFor(() => expect(screen.queryByTestId('order-42')).toBeNull());
    expect(listRequests(sent)).toBeGreaterThan(before);
    expect(within(screen.getByTestId('column-done')).getByText('1')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Lat aftur' }));
    expect(screen.queryByTestId('kitchen-problem')).toBeNull();
  });

  it('offers to turn the sound on, then chimes and highlights an order that arrives', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    let items = [order(41)];
    const sent = mockApi({ [STATION]: station, [ORDERS]: () => list(...items) });
    const { user, container } = renderConsole('/kitchen/1', members.kitchen);
    await screen.findByTestId('order-41');
    await connectSocket();

    // Browsers start audio only after a tap.
    const enable = screen.getByRole('button', { name: 'Trýst fyri at tendra ljóðið' });
    await user.click(enable);
    expect((await screen.findByTestId('kitchen-sound-on')).textContent).toBe('Ljóð er á');
    expect(screen.queryByRole('button', { name: 'Trýst fyri at tendra ljóðið' })).toBeNull();
    const answered = liveAudio().tones;

    // A notice of another station's order asks nothing.
    const asked = listRequests(sent);
    act(() =>
      lastSocket().serverEmit('kitchen.order', { stationId: 2, orderId: idOf(7), state: 'placed' }),
    );
    expect(listRequests(sent)).toBe(asked);

    items = [order(41), order(47, { customer: 'Turið' })];
    act(() =>
      lastSocket().serverEmit('kitchen.order', {
        stationId: 1,
        orderId: idOf(47),
        state: 'placed',
      }),
    );
    const arrived = await screen.findByTestId('order-47');
    expect(arrived.getAttribute('data-highlighted')).toBe('true');
    expect(within(arrived).getByText('Júst komin')).toBeTruthy();
    // What was on screen when the display opened is not new.
    expect(screen.getByTestId('order-41').getAttribute('data-highlighted')).toBeNull();
    expect(liveAudio().tones).toBe(answered + 2);
    expect(container.querySelector('[data-chimes]')?.getAttribute('data-chimes')).toBe('1');

    // The same order read again is not new again.
    act(() =>
      lastSocket().serverEmit('kitchen.order', {
        stationId: 1,
        orderId: idOf(47),
        state: 'placed',
      }),
    );
    await waitFor(() => expect(listRequests(sent)).toBe(asked + 2));
    expect(container.querySelector('[data-chimes]')?.getAttribute('data-chimes')).toBe('1');
  });

  it('highlights a new order without sound until sound is turned on', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    let items = [order(41)];
    mockApi({ [STATION]: station, [ORDERS]: () => list(...items) });
    renderConsole('/kitchen/1', members.kitchen);
    await screen.findByTestId('order-41');
    await connectSocket();
    items = [order(41), order(48)];
    act(() =>
      lastSocket().serverEmit('kitchen.order', {
        stationId: 1,
        orderId: idOf(48),
        state: 'placed',
      }),
    );
    expect((await screen.findByTestId('order-48')).getAttribute('data-highlighted')).toBe('true');
    expect(liveAudio().tones).toBe(0);
    expect(screen.getByRole('button', { name: 'Trýst fyri at tendra ljóðið' })).toBeTruthy();
  });

  it('warns of an order about to expire: red, named across the top, and sounded until answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-06-05T13:12:30Z') });
    vi.stubGlobal('AudioContext', FakeAudioContext);
    let items = [order(41), order(46, { expiresAt: '2026-06-05T13:25:00.000Z' })];
    mockApi({ [STATION]: station, [ORDERS]: () => list(...items) });
    const { user } = renderConsole('/kitchen/1', members.kitchen);
    const ticket = await screen.findByTestId('order-41');
    await connectSocket();
    await user.click(screen.getByRole('button', { name: 'Trýst fyri at tendra ljóðið' }));
    await screen.findByTestId('kitchen-sound-on');
    const answered = liveAudio().tones;

    // Two and a half minutes left: it waits, its age and countdown shown.
    expect(ticket.getAttribute('data-urgency')).toBe('calm');
    expect(within(ticket).getByTestId('order-age').textContent).toBe('Bíðað 2:30');
    expect(within(ticket).getByTestId('order-expires').textContent).toBe('Rennur út um 2:30');
    expect(screen.queryByTestId('kitchen-expiring')).toBeNull();

    // Under two minutes, amber; no sound yet.
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(ticket.getAttribute('data-urgency')).toBe('soon');
    expect(liveAudio().tones).toBe(answered);

    // The last minute: red, named at the top, the alarm's four tones at once and every 10 s.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(ticket.getAttribute('data-urgency')).toBe('now');
    const banner = screen.getByTestId('kitchen-expiring');
    expect(within(banner).getByRole('alert').textContent).toBe(
      'Bílegging 41 rennur skjótt út. Tak við henni ella avvís hana.',
    );
    expect(within(banner).getByRole('button', { name: /^Nr\. 41/ }).textContent).toMatch(
      /^Nr\. 41\s*0:5\d$/,
    );
    expect(screen.getByTestId('order-46').getAttribute('data-urgency')).toBe('calm');
    expect(liveAudio().tones).toBe(answered + 4);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(liveAudio().tones).toBe(answered + 8);

    // Answered elsewhere: the warning stops.
    items = [order(41, { state: 'accepted', expiresAt: null }), items[1]!];
    act(() =>
      lastSocket().serverEmit('kitchen.order', {
        stationId: 1,
        orderId: idOf(41),
        state: 'accepted',
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(screen.queryByTestId('kitchen-expiring')).toBeNull());
    const after = liveAudio().tones;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(liveAudio().tones).toBe(after);
  });

  it('says an order the station accepts by itself will be, and does not sound for it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-06-05T13:14:30Z') });
    mockApi({ [STATION]: station, [ORDERS]: list(order(41, { autoAccept: true })) });
    renderConsole('/kitchen/1', members.kitchen);
    const ticket = await screen.findByTestId('order-41');
    expect(within(ticket).getByTestId('order-expires').textContent).toBe(
      'Tikin við sjálvvirkandi um 0:30',
    );
    expect(screen.queryByTestId('kitchen-expiring')).toBeNull();
  });

  it('shows when a ready order was ready, and how long it has waited for pickup', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-06-05T13:31:05Z') });
    mockApi({
      [STATION]: station,
      [ORDERS]: list(
        order(43, {
          state: 'ready',
          expiresAt: null,
          readyBy: '2026-06-05T13:25:00.000Z',
          readyAt: '2026-06-05T13:20:00.000Z',
        }),
      ),
    });
    renderConsole('/kitchen/1', members.kitchen);
    const ticket = await screen.findByTestId('order-43');
    expect(within(ticket).getByTestId('order-ready-at').textContent).toBe('Klárt kl. 14:20');
    expect(within(ticket).getByTestId('order-waiting').textContent).toBe(
      'Bíðar eftir heinting 11:05',
    );
    expect(within(ticket).queryByTestId('order-ready-by')).toBeNull();
  });

  it('tells the kitchen plainly that it is silent, and turns the sound off when asked', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    mockApi({ [STATION]: station, [ORDERS]: list(order(41)) });
    const { user } = renderConsole('/kitchen/1', members.kitchen);
    await screen.findByTestId('order-41');
    expect(screen.getByTestId('kitchen-muted').textContent).toContain('Ljóðið er sløkt.');
    await user.click(screen.getByRole('button', { name: 'Trýst fyri at tendra ljóðið' }));
    await waitFor(() => expect(screen.queryByTestId('kitchen-muted')).toBeNull());
    expect(window.localStorage.getItem('stod_console_sound_kitchen')).toBe('on');
    await user.click(
      screen.getByRole('button', { name: 'Ljóð er á. Trýst fyri at sløkkja ljóðið.' }),
    );
    expect((await screen.findByTestId('kitchen-muted')).textContent).toContain(
      'Nýggjar bíleggingar og ávaringar hoyrast ikki.',
    );
    expect(window.localStorage.getItem('stod_console_sound_kitchen')).toBe('off');
  });

  it('shows a lost connection, keeps asking, and catches up when it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = mockApi({ [STATION]: station, [ORDERS]: list(order(41)) });
    renderConsole('/kitchen/1', members.kitchen);
    await screen.findByTestId('order-41');
    await connectSocket();
    const socket = lastSocket();
    expect(socket.url).toBe('http://localhost:3000');
    expect(socket.options).toMatchObject({
      path: '/socket.io',
      auth: { token: 'test-token' },
      transports: ['websocket', 'polling'],
    });
    expect(screen.getByTestId('kitchen-socket').textContent).toBe('Beinleiðis');
    expect(screen.getByTestId('kitchen-updated').textContent).toMatch(/^Dagført kl\. \d{2}:\d{2}$/);
    expect(screen.queryByTestId('kitchen-offline')).toBeNull();

    // Idle, it still asks every 15 seconds: that keeps the kitchen staffed.
    await waitFor(() => expect(listRequests(sent)).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(KITCHEN_REFRESH_MS));
    await waitFor(() => expect(listRequests(sent)).toBe(3));

    act(() => socket.serverDrop());
    const banner = await screen.findByTestId('kitchen-offline');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toBe(
      'Sambandið er mist, vit royna aftur…Listin verður kortini dagførdur hvørt 5. sekund.',
    );
    expect(screen.getByTestId('kitchen-socket').textContent).toBe('Samband mist');
    // What was known stays on screen, and the list is asked more often.
    expect(screen.getByTestId('order-41')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(KITCHEN_REFRESH_OFFLINE_MS));
    await waitFor(() => expect(listRequests(sent)).toBe(4));

    act(() => socket.serverConnect());
    await waitFor(() => expect(screen.queryByTestId('kitchen-offline')).toBeNull());
    // Back: it catches up at once.
    await waitFor(() => expect(listRequests(sent)).toBe(5));
  });

  it('answers another station’s kitchen as not found, asks nothing, and leads back', async () => {
    const sent = mockApi({ 'GET /admin/stations?take=100': { body: { total: 0, items: [] } } });
    const { router, user } = renderConsole('/kitchen/2', members.kitchen);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Køkurin finst ikki' }),
    ).toBeTruthy();
    expect(sent.filter((r) => r.path.startsWith('/kitchen'))).toEqual([]);
    expect(sockets).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Allar støðir' }));
    expect(router.state.location.pathname).toBe('/stations');
  });

  it('answers not found for station staff, and when the API does', async () => {
    mockApi({});
    const first = renderConsole('/kitchen/1', members.station);
    expect(await screen.findByRole('heading', { name: 'Køkurin finst ikki' })).toBeTruthy();
    first.unmount();

    // An operator at a station that has no food, or is not there: the API answers 404, once.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = mockApi({
      [ORDERS]: apiError(404, 'NOT_FOUND', 'Vit funnu ikki tað, tú leitaði eftir.'),
    });
    renderConsole('/kitchen/1', members.operator);
    expect(await screen.findByRole('heading', { name: 'Køkurin finst ikki' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(KITCHEN_REFRESH_MS * 2));
    expect(listRequests(sent)).toBe(1);
  });

  it('asks nothing for an address that is no station id', async () => {
    const sent = mockApi({});
    renderConsole('/kitchen/abc', members.operator);
    expect(await screen.findByRole('heading', { name: 'Køkurin finst ikki' })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('speaks English when asked to', async () => {
    mockApi({
      [STATION]: station,
      [ORDERS]: list(order(41, { lines: [burgerOffer] }), cooking()),
    });
    const { user } = renderConsole('/kitchen/1', members.kitchen);
    await screen.findByTestId('order-41');
    await user.click(screen.getByRole('button', { name: 'Skift mál til enskt' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kitchen · Støð Tórshavn Miðbýur' }),
    ).toBeTruthy();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent.replace(/\d+$/, '')),
    ).toEqual(['New', 'In progress', 'Ready', 'Done']);
    const card = within(screen.getByTestId('order-41'));
    expect(card.getByTestId('order-pickup').textContent).toBe('As soon as possible');
    expect(card.getByTestId('order-mode').textContent).toBe('Take-out');
    expect(card.getByText('Ostur').closest('li')?.textContent).toBe('+ with Ostur');
    expect(
      within(card.getByRole('list', { name: 'Allergens' }))
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['Gluten', 'Milk', 'Sesame']);
    expect(
      within(screen.getByTestId('order-42')).getByRole('button', { name: 'Ready' }),
    ).toBeTruthy();
    await act(() => applyLocale('fo'));
  });
});
