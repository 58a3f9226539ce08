// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi, type Answer, type SentRequest } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts } from '../../../test/render.tsx';
import {
  cardIds,
  testStation,
  TX_ID,
  washTransaction,
  washVoucherId,
} from '../../../test/station-fixtures.ts';
import { checklistPath } from '../selection.ts';
import { ChecklistScreen } from './ChecklistScreen.tsx';

const CHECKS = [
  'Antennan er tikin av ella feld niður',
  'Speglarnir eru feldir inn',
  'Allir gluggar og takluka eru stongd',
  'Einki er á takinum, t.d. takboks ella súkklur',
];

const loaded = washTransaction({ state: 'ready', label: 'ready' });
const counting = washTransaction({
  state: 'countdown',
  label: 'countdown',
  captured: 19900,
  remainingSeconds: 15,
  updatedAt: '2026-03-05T12:00:05.000Z',
});

type Route = Answer | ((request: SentRequest) => Answer);

function api(routes: Record<string, Route> = {}, active: unknown = null) {
  return mockApi({
    'GET /stations/stod/1': { body: testStation },
    'GET /transactions/active': { body: { transaction: active } },
    'POST /carwash/transactions': { status: 201, body: loaded },
    [`POST /carwash/transactions/${TX_ID}/start`]: { body: counting },
    ...routes,
  });
}

const byCard = checklistPath(1, {
  bay: 2,
  product: 23,
  payment: { kind: 'card', id: cardIds.favourite },
});

const open = (url = byCard) =>
  renderWithApp(<ChecklistScreen />, { path: paths.carwashChecklist.pattern, url });

async function tickAll(user: ReturnType<typeof open>['user']) {
  for (const label of CHECKS) await user.click(await screen.findByLabelText(label));
}

beforeAll(() => setUpTexts(['carwash']));

describe('ChecklistScreen', () => {
  it('starts only when all four are ticked', async () => {
    api();
    const { user } = open();
    const start = await screen.findByRole('button', { name: 'Byrja vask' });
    expect(screen.getByTestId('carwash-plan').textContent).toBe(
      'Premium vask við voksi · vaskibásur 2',
    );
    expect(screen.getByTestId('carwash-hold').textContent).toBe(
      '199,00 kr. verða fyrivarðar á kortinum og tiknar, tá ið vaskurin byrjar.',
    );
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Set kross við øll fýra fyri at byrja.')).toBeTruthy();
    for (const label of CHECKS.slice(0, 3)) await user.click(screen.getByLabelText(label));
    expect((start as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText(CHECKS[3]!));
    expect((start as HTMLButtonElement).disabled).toBe(false);
  });

  it('loads the programme with an idempotency key, starts it and follows it on the wash screen', async () => {
    const sent = api();
    const { router, user } = open();
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Byrja vask' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.carwashWash(1)));
    expect(router.state.location.state).toEqual({ transactionId: TX_ID });
    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([
      '/carwash/transactions',
      `/carwash/transactions/${TX_ID}/start`,
    ]);
    expect(posts[0]?.body).toEqual({
      stationId: 1,
      bayNumber: 2,
      productId: 23,
      paymentMethodId: cardIds.favourite,
    });
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(window.localStorage.getItem('carwash_data') ?? '{}')).toEqual({
      stationId: 1,
      carwashBox: 2,
      carwashProduct: 23,
    });
  });

  it('pays with the voucher when it was chosen', async () => {
    const sent = api();
    const { user } = open(
      checklistPath(1, { bay: 2, product: 23, payment: { kind: 'voucher', id: washVoucherId } }),
    );
    expect((await screen.findByTestId('carwash-hold')).textContent).toBe(
      'Kupongin verður brúkt, tá ið vaskurin byrjar.',
    );
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Byrja vask' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      stationId: 1,
      bayNumber: 2,
      productId: 23,
      voucherId: washVoucherId,
    });
  });

  it('starts again without loading twice when the start got no answer', async () => {
    let starts = 0;
    const sent = api({
      [`POST /carwash/transactions/${TX_ID}/start`]: () => {
        starts += 1;
        return starts === 1
          ? apiError(503, 'UNAVAILABLE', 'Ein feilur hendi.')
          : { body: counting };
      },
    });
    const { router, user } = open();
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Byrja vask' }));
    expect((await screen.findByTestId('carwash-start-error')).textContent).toBe(
      'Ein feilur hendi.',
    );
    await user.click(screen.getByRole('button', { name: 'Byrja vask' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.carwashWash(1)));
    expect(sent.filter((r) => r.path === '/carwash/transactions')).toHaveLength(1);
  });

  it('shows why the wash did not start', async () => {
    api({
      [`POST /carwash/transactions/${TX_ID}/start`]: apiError(
        409,
        'CARWASH_START',
        'Bilvaskurin byrjaði ikki.',
      ),
    });
    const { user } = open();
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Byrja vask' }));
    expect((await screen.findByTestId('carwash-start-error')).textContent).toBe(
      'Bilvaskurin byrjaði ikki.',
    );
  });

  it('starts a wash already loaded on the bay, as after a restart', async () => {
    const sent = api({}, loaded);
    const { router, user } = open(paths.carwashChecklist(1));
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Byrja vask' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.carwashWash(1)));
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/carwash/transactions/${TX_ID}/start`,
    ]);
  });

  it('goes back to the choice when the address holds none', async () => {
    api();
    const { router } = open(paths.carwashChecklist(1));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.carwashProducts(1)));
  });
});
