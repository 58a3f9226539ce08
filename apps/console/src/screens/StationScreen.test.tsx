// @vitest-environment happy-dom
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyLocale } from '../i18n/index.ts';
import { LIVE_REFRESH_MS, type StationLiveInput } from '../lib/station-live.ts';
import { apiError, mockApi, type SentRequest } from '../test/api.ts';
import { live, transaction } from '../test/fixtures.ts';
import { members, renderConsole, setUpTexts } from '../test/render.tsx';

/** A station's switches as the API answers them: nothing out of service. */
const settled = {
  closedPumps: [],
  closedBays: [],
  kitchenPaused: false,
  kitchenAutoAccept: false,
  kitchenPrepMinutes: 10,
};

const LIVE = 'GET /admin/stations/1/live';
const WASH_ID = '7d3e2c1b-0a9f-4e8d-8c7b-6a5f4e3d2c1b';
const RESUME = `POST /admin/carwash/transactions/${WASH_ID}/resume`;

const liveRequests = (sent: SentRequest[]) =>
  sent.filter((r) => `${r.method} ${r.path}` === LIVE).length;

/** Bay 2 holds a stopped wash; bay 1 is free. */
function withStoppedWash(
  overrides: Partial<ReturnType<typeof transaction>> = {},
): StationLiveInput {
  const wash = transaction({
    id: WASH_ID,
    service: 'carwash',
    state: 'stopped',
    point: 2,
    remainingSeconds: 250,
    ...overrides,
  });
  return live({
    bays: [
      { number: 1, state: 'free', remainingSeconds: null, transaction: null },
      { number: 2, state: 'stopped', remainingSeconds: 250, transaction: wash },
    ],
  });
}

beforeAll(() => setUpTexts());
afterAll(() => applyLocale('fo'));
afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

describe('StationScreen', () => {
  it('shows the station’s pumps and bays, each with its state and its transaction', async () => {
    mockApi({
      [LIVE]: {
        body: live({
          pumps: [
            {
              number: 1,
              state: 'fuelling',
              transaction: transaction({ connectionLost: true }),
            },
            { number: 2, state: 'offline', transaction: null },
          ],
          bays: [
            {
              number: 1,
              state: 'washing',
              remainingSeconds: 400,
              transaction: transaction({
                service: 'carwash',
                state: 'washing',
                remainingSeconds: 400,
              }),
            },
            { number: 2, state: 'fault', remainingSeconds: null, transaction: null },
          ],
        }),
      },
    });
    renderConsole('/stations/1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Støð Tórshavn Miðbýur' }),
    ).toBeTruthy();
    const pumps = screen.getByTestId('station-pumps');
    expect(within(pumps).getByRole('heading', { level: 2 }).textContent).toBe('Pumpur');
    const pump = within(screen.getByTestId('pump-1'));
    expect(pump.getByRole('heading', { level: 3 }).textContent).toBe('Pumpa 1');
    expect(pump.getByText('Tankar').getAttribute('data-state')).toBe('fuelling');
    expect(pump.getByTestId('customer-label').textContent).toBe('Tanking í gongd');
    expect(pump.getByText('Blýfrítt 95')).toBeTruthy();
    expect(pump.getByText('12,35 L')).toBeTruthy();
    expect(pump.getByText('146,78 kr.')).toBeTruthy();
    expect(pump.getByText('750,00 kr.')).toBeTruthy();
    expect(pump.getByText('0,00 kr.')).toBeTruthy();
    expect(pump.getByText('05.06.2026 kl. 14:07')).toBeTruthy();
    expect(pump.getByTestId('connection-lost').textContent).toBe('Samband mist');

    const idle = within(screen.getByTestId('pump-2'));
    expect(idle.getByText('Sambandsleys').getAttribute('data-state')).toBe('offline');
    expect(idle.getByText('Ongin handil úr appini.')).toBeTruthy();
    expect(idle.queryByTestId('connection-lost')).toBeNull();

    const bays = screen.getByTestId('station-bays');
    expect(within(bays).getByRole('heading', { level: 2 }).textContent).toBe('Vaskibásar');
    const bay = within(screen.getByTestId('bay-1'));
    expect(bay.getByText('Vaskar').getAttribute('data-state')).toBe('washing');
    expect(bay.getByTestId('customer-label').textContent).toBe('Vaskur í gongd');
    expect(bay.getByText('Vanlig vask')).toBeTruthy();
    // 400 seconds left: the minute under way counts.
    expect(bay.getByText('Eftir').nextSibling?.textContent).toBe('7 min.');
    expect(bay.getAllByText('149,00 kr.')).toHaveLength(2);
    expect(within(screen.getByTestId('bay-2')).getByText('Feilur')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Halt fram við vaskinum' })).toBeNull();
    expect(screen.queryByTestId('forecourt-unreachable')).toBeNull();
    expect(screen.queryByTestId('carwash-unreachable')).toBeNull();
  });

  it('asks again every two seconds, and not while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fuelled = 0;
    const sent = mockApi({
      [LIVE]: () => {
        fuelled += 1000;
        const view = transaction({ litres: fuelled / 1000, amount: fuelled });
        return { body: live({ pumps: [{ number: 1, state: 'fuelling', transaction: view }] }) };
      },
    });
    renderConsole('/stations/1');
    expect(await screen.findByText('1,00 L')).toBeTruthy();
    expect(liveRequests(sent)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    expect(await screen.findByText('2,00 L')).toBeTruthy();
    expect(liveRequests(sent)).toBe(2);

    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 5));
    expect(liveRequests(sent)).toBe(2);

    // Back on the tab: at once, then every two seconds again.
    act(() => focusManager.setFocused(true));
    expect(await screen.findByText('3,00 L')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    expect(await screen.findByText('4,00 L')).toBeTruthy();
  });

  it('says so clearly when a controller cannot be reached', async () => {
    mockApi({
      [LIVE]: {
        body: live({
          pumps: [{ number: 1, state: 'offline', transaction: null }],
          reachable: { forecourt: false, carwash: true },
        }),
      },
    });
    renderConsole('/stations/1');
    const banner = await screen.findByTestId('forecourt-unreachable');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('Pumpustýringin svarar ikki');
    expect(screen.queryByTestId('carwash-unreachable')).toBeNull();
    // What was last known stays on screen under the banner.
    expect(within(screen.getByTestId('pump-1')).getByText('Sambandsleys')).toBeTruthy();
  });

  it('keeps the last view, and says how old it is, when the API stops answering', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    mockApi({
      [LIVE]: () => {
        answers += 1;
        return answers === 1 ? { body: live() } : apiError(503, 'UNAVAILABLE', 'Ein feilur hendi.');
      },
    });
    renderConsole('/stations/1');
    expect(await screen.findByTestId('pump-1')).toBeTruthy();
    // The failed refresh is tried once more before the screen says anything.
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS + 1500));
    const stale = await screen.findByTestId('live-stale');
    expect(stale.textContent).toMatch(/^Stýriborðið fær ikki samband við skipanina\./);
    expect(screen.getByTestId('pump-1')).toBeTruthy();
  });

  it('answers a station that is not there, or not the caller’s, with a way back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = mockApi({
      [LIVE]: apiError(404, 'NOT_FOUND', 'Vit funnu ikki tað, tú leitaði eftir.'),
      'GET /admin/stations?take=100': { body: { total: 0, items: [] } },
    });
    const { router, user } = renderConsole('/stations/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Støðin finst ikki' }),
    ).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3));
    // Asked once: a 404 is neither retried nor polled.
    expect(liveRequests(sent)).toBe(1);

    await user.click(screen.getByRole('link', { name: 'Allar støðir' }));
    expect(router.state.location.pathname).toBe('/stations');
  });

  it('asks nothing for an address that is no station id', async () => {
    const sent = mockApi({});
    renderConsole('/stations/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Støðin finst ikki' }),
    ).toBeTruthy();
    expect(sent.filter((r) => r.path.startsWith('/admin/stations'))).toEqual([]);
  });

  it('resumes a stopped wash after a confirmation, and shows it washing', async () => {
    let resumed = false;
    const sent = mockApi({
      [LIVE]: () => ({
        body: resumed ? withStoppedWash({ state: 'washing' }) : withStoppedWash(),
      }),
      [RESUME]: () => {
        resumed = true;
        return { body: transaction({ id: WASH_ID, service: 'carwash', state: 'washing' }) };
      },
    });
    const { user } = renderConsole('/stations/1');
    const bay = within(await screen.findByTestId('bay-2'));
    expect(bay.getByText('Steðgaður', { selector: '[data-state]' })).toBeTruthy();
    expect(bay.getByTestId('customer-label').textContent).toBe('Steðgaður');
    expect(
      within(screen.getByTestId('bay-1')).queryByRole('button', { name: 'Halt fram við vaskinum' }),
    ).toBeNull();
    // The stopped wash stands first on the page, with its resume button; the bay points to it.
    const banner = within(screen.getByTestId('stopped-wash-2'));
    expect(banner.getByRole('heading').textContent).toBe(
      'Vaskurin í vaskibási 2 er steðgaður og bíðar eftir starvsfólki',
    );
    expect(bay.getByText('Steðgaði vaskurin stendur ovast á síðuni.')).toBeTruthy();
    expect(bay.queryByRole('button', { name: 'Halt fram við vaskinum' })).toBeNull();

    // Cancelled: nothing is sent.
    await user.click(banner.getByRole('button', { name: 'Halt fram við vaskinum' }));
    const dialog = within(await screen.findByTestId('resume-dialog'));
    expect(dialog.getByRole('heading').textContent).toBe('Halda fram við vaskinum í bási 2?');
    expect(dialog.getByText(/^Vanlig vask byrjar aftur beinanvegin\./)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Angra' }));
    await waitFor(() => expect(screen.queryByTestId('resume-dialog')).toBeNull());
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await user.click(banner.getByRole('button', { name: 'Halt fram við vaskinum' }));
    const again = within(await screen.findByTestId('resume-dialog'));
    await user.click(again.getByRole('button', { name: 'Halt fram' }));

    expect(await screen.findByText('Vaskurin í bási 2 heldur fram.')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('bay-2')).getByTestId('customer-label').textContent).toBe(
        'Vaskur í gongd',
      ),
    );
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/admin/carwash/transactions/${WASH_ID}/resume`,
    ]);
    expect(screen.queryByRole('button', { name: 'Halt fram við vaskinum' })).toBeNull();
    expect(screen.queryByTestId('stopped-wash-2')).toBeNull();
  });

  it('shows the API’s own words when a resume is refused', async () => {
    mockApi({
      [LIVE]: { body: withStoppedWash() },
      [RESUME]: apiError(409, 'ILLEGAL_STATE', 'Hetta ber ikki til, sum støðan er nú.'),
    });
    const { user } = renderConsole('/stations/1');
    const banner = within(await screen.findByTestId('stopped-wash-2'));
    await user.click(banner.getByRole('button', { name: 'Halt fram við vaskinum' }));
    await user.click(
      within(await screen.findByTestId('resume-dialog')).getByRole('button', { name: 'Halt fram' }),
    );
    const error = await banner.findByTestId('resume-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('Hetta ber ikki til, sum støðan er nú.');
    await user.click(within(error).getByRole('button', { name: 'Lat aftur' }));
    expect(banner.queryByTestId('resume-error')).toBeNull();
  });

  it('lets kitchen staff watch a stopped wash but not resume it', async () => {
    mockApi({ [LIVE]: { body: withStoppedWash({ createdAt: new Date().toISOString() }) } });
    renderConsole('/stations/1', members.kitchen);
    const bay = within(await screen.findByTestId('bay-2'));
    expect(bay.queryByRole('button')).toBeNull();
    // Started today: the time alone.
    expect(bay.getByText('Byrjaði').nextSibling?.textContent).toMatch(/^kl\. \d{2}:\d{2}$/);
    expect(
      bay.getByText('Rekstur ella starvsfólk á støðini kunnu halda fram við vaskinum.'),
    ).toBeTruthy();
  });

  it('lets station staff resume, but not once the wash is closed', async () => {
    mockApi({ [LIVE]: { body: withStoppedWash({ finishedAt: '2026-06-05T13:40:00.000Z' }) } });
    renderConsole('/stations/1', members.station);
    const bay = within(await screen.findByTestId('bay-2'));
    expect(bay.getByText('Ov seint at halda fram: vaskurin er lokaður.')).toBeTruthy();
    expect(bay.queryByRole('button', { name: 'Halt fram við vaskinum' })).toBeNull();
    expect(screen.queryByTestId('stopped-wash-2')).toBeNull();
  });

  it('speaks English when asked to, and asks the API in English', async () => {
    const sent = mockApi({ [LIVE]: { body: withStoppedWash() } });
    renderConsole('/stations/1');
    await screen.findByTestId('bay-2');
    await act(() => applyLocale('en'));
    const bay = within(screen.getByTestId('bay-2'));
    expect(bay.getByRole('heading', { level: 3 }).textContent).toBe('Bay 2');
    expect(bay.getByText('Stopped', { selector: '[data-state]' })).toBeTruthy();
    expect(
      within(screen.getByTestId('stopped-wash-2')).getByRole('button', { name: 'Resume wash' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Car-wash bays' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All stations' })).toBeTruthy();
    await act(() => applyLocale('fo'));
    expect(sent[0]?.headers['Accept-Language']).toBe('fo');
  });

  it('opens the kitchen display of a food station for kitchen staff, not for station staff', async () => {
    const about = {
      body: {
        id: 1,
        name: 'Støð Tórshavn Miðbýur',
        address: 'Niels Finsens gøta 20, 100 Tórshavn',
        tokheimStationId: 'TK1001',
        services: ['fuel', 'carwash', 'food'],
        openingHours: Array.from({ length: 7 }, () => null),
        ...settled,
      },
    };
    mockApi({ [LIVE]: { body: live() }, 'GET /admin/stations/1': about });
    const { router, user, unmount } = renderConsole('/stations/1', members.kitchen);
    await user.click(await screen.findByRole('link', { name: 'Opna køkin' }));
    expect(router.state.location.pathname).toBe('/kitchen/1');
    unmount();

    const sent = mockApi({ [LIVE]: { body: live() }, 'GET /admin/stations/1': about });
    renderConsole('/stations/1', members.station);
    await screen.findByTestId('pump-1');
    expect(screen.queryByRole('link', { name: 'Opna køkin' })).toBeNull();
    expect(sent.filter((r) => r.path === '/admin/stations/1')).toEqual([]);
  });

  it('takes one bay and the coffee machine out of service on their own, and shows the machine’s state', async () => {
    const MACHINE = '0b8f7c2e-4d51-4a7e-9f3b-2c6d1e0a9b87';
    let bayOut = false;
    let machineOut = false;
    const view = () =>
      live({
        bays: [
          {
            number: 1,
            state: 'free',
            remainingSeconds: null,
            transaction: null,
            outOfService: bayOut,
          },
        ],
        machines: [{ id: MACHINE, name: 'Kaffimaskina', state: 'idle', outOfService: machineOut }],
      });
    const point = (kind: string, id: string, set: (out: boolean) => void) => ({
      [`PUT /admin/stations/1/points/${kind}/${id}`]: (request: SentRequest) => {
        const out = (request.body as { outOfService: boolean }).outOfService;
        set(out);
        return {
          body: { kind, point: id, outOfService: out, since: out ? '2026-06-05T12:00:00Z' : null },
        };
      },
    });
    const sent = mockApi({
      [LIVE]: () => ({ body: view() }),
      ...point('bay', '1', (out) => (bayOut = out)),
      ...point('machine', MACHINE, (out) => (machineOut = out)),
    });
    const { user } = renderConsole('/stations/1', members.station);
    const machine = within(await screen.findByTestId(`machine-${MACHINE}`));
    expect(machine.getByText('Klár')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Tak Básur 1 úr nýtslu' }));
    await user.click(machine.getByRole('button', { name: 'Tak Kaffimaskina úr nýtslu' }));
    await waitFor(() => expect(machine.getByTestId('out-of-service')).toBeTruthy());
    expect(within(screen.getByTestId('bay-1')).getByTestId('out-of-service')).toBeTruthy();
    expect(
      machine.getByText('Maskinan vísir ongar kotur, og kotur, hon longu vísti, skeinkja einki.'),
    ).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      ['/admin/stations/1/points/bay/1', { outOfService: true }],
      [`/admin/stations/1/points/machine/${MACHINE}`, { outOfService: true }],
    ]);
  });

  it('shows kitchen staff a closed machine, without the switch', async () => {
    mockApi({
      [LIVE]: {
        body: live({
          machines: [{ id: 'm-1', name: 'Kaffimaskina', state: null, outOfService: true }],
        }),
      },
    });
    renderConsole('/stations/1', members.kitchen);
    const machine = within(await screen.findByTestId('machine-m-1'));
    expect(machine.getByText('Ikki í sambandi')).toBeTruthy();
    expect(machine.getByTestId('out-of-service')).toBeTruthy();
    expect(machine.queryByRole('button')).toBeNull();
  });
});
