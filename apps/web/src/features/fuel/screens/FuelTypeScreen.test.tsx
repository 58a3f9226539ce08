// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fuelTypePath } from '../../../lib/deep-link.ts';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi, type Answer, type SentRequest } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../../test/render.tsx';
import {
  cardIds,
  fuelTransaction,
  testColors,
  testMethods,
  testStation,
} from '../../../test/station-fixtures.ts';
import { FuelTypeScreen } from './FuelTypeScreen.tsx';

const FUNDS =
  'Tað eydnaðist ikki at byrja tankingina: tryggja tær, at 750 kr. eru tøk á gjaldskortinum.';

function api(
  start: Answer | ((request: SentRequest) => Answer),
  active: unknown = null,
  pumps: { number: number; state: string }[] = [{ number: 3, state: 'free' }],
) {
  return mockApi({
    'GET /stations/stod/1': { body: testStation },
    'GET /stations/stod-product-colors': { body: testColors },
    'GET /fuel/stations/1/pumps': { body: { items: pumps } },
    'GET /payment-methods': { body: testMethods },
    'GET /transactions/active': { body: { transaction: active } },
    'POST /fuel/transactions': start,
  });
}

const open = (pump = 3) =>
  renderWithApp(<FuelTypeScreen />, {
    path: paths.fuelType.pattern,
    url: fuelTypePath(1, pump),
  });

beforeAll(() => setUpTexts(['fuel']));

describe('FuelTypeScreen', () => {
  it('shows the grades with price per litre and colour, the cards favourite first, and the hold', async () => {
    api({ status: 201, body: fuelTransaction() });
    open();
    const grades = await screen.findByRole('radiogroup', { name: 'Brennievni' });
    const unleaded = within(grades).getByRole('radio', { name: /Blýfrítt 95/ });
    expect(unleaded.textContent).toContain('11,89 kr./l');
    expect(unleaded.getAttribute('aria-checked')).toBe('false');
    await waitFor(() =>
      expect(unleaded.querySelector('span[style]')?.getAttribute('style')).toContain('#15803d'),
    );
    const cards = within(screen.getByRole('radiogroup', { name: 'Gjald við' })).getAllByRole(
      'radio',
    );
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Mastercard •••• 1881'),
      expect.stringContaining('Visa •••• 4242'),
    ]);
    expect(cards[0]?.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('fuel-chosen-pump').textContent).toBe('Pumpa 3');
    expect(screen.getByTestId('fuel-hold').textContent).toContain('750,00 kr. verða fyrivarðar');
  });

  it('asks for a grade before it starts', async () => {
    const sent = api({ status: 201, body: fuelTransaction() });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Byrja at tanka' }));
    expect(screen.getByRole('alert').textContent).toBe('Vel brennievni fyrst.');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('starts the refuelling with one idempotency key and follows it on the fill screen', async () => {
    const sent = api({ status: 201, body: fuelTransaction() });
    const { router, user } = open();
    await user.click(await screen.findByRole('radio', { name: /Blýfrítt 95/ }));
    await user.click(screen.getByRole('radio', { name: /Visa •••• 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Byrja at tanka' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.fuelFill(1)));
    expect(router.state.location.state).toEqual({ transactionId: fuelTransaction().id });
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      stationId: 1,
      pumpNumber: 3,
      productId: 11,
      paymentMethodId: cardIds.plain,
    });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.localStorage.getItem('transaction_id')).toBe(fuelTransaction().id);
    expect(JSON.parse(window.localStorage.getItem('fuel_data') ?? '{}')).toEqual({
      stationId: 1,
      fuelPump: 3,
      fuelProduct: 11,
    });
  });

  it('shows the 750 kr. refusal in place, and a new press is a new attempt', async () => {
    const sent = api(apiError(422, 'FUEL_FUNDS', FUNDS));
    const { user } = open();
    await user.click(await screen.findByRole('radio', { name: /Diesel/ }));
    await user.click(screen.getByRole('button', { name: 'Byrja at tanka' }));
    expect((await screen.findByTestId('fuel-start-error')).textContent).toBe(FUNDS);
    await user.click(screen.getByRole('button', { name: 'Byrja at tanka' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(2));
    const [first, second] = sent.filter((r) => r.method === 'POST');
    expect(first?.headers['Idempotency-Key']).not.toBe(second?.headers['Idempotency-Key']);
  });

  it('repeats an unanswered start under the same key', async () => {
    let calls = 0;
    const sent = api(() => {
      calls += 1;
      return calls === 1
        ? apiError(503, 'GATEWAY', 'Okkurt gekk galið. Vinaliga royn aftur')
        : { status: 201, body: fuelTransaction() };
    });
    const { router, user } = open(2);
    await user.click(await screen.findByRole('radio', { name: /Diesel/ }));
    await user.click(screen.getByRole('button', { name: 'Byrja at tanka' }));
    expect(await screen.findByTestId('fuel-start-error')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Byrja at tanka' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.fuelFill(1)));
    const [first, second] = sent.filter((r) => r.method === 'POST');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('shows the way to a refuelling that already runs', async () => {
    api(apiError(409, 'PUMP_UNAVAILABLE', 'x'), fuelTransaction({ state: 'fuelling' }));
    open();
    const notice = await screen.findByTestId('fuel-active-notice');
    expect(within(notice).getByRole('link', { name: 'Far til tað, sum er í gongd' })).toBeTruthy();
  });

  it.each([
    ['unavailable', 'Pumpa 3 er ikki tøk í løtuni. Vel eina aðra pumpu.'],
    ['busy', 'Pumpa 3 er upptikin. Vel eina aðra pumpu, ella bíða til hon er leys.'],
  ])('a deep link to a pump that is %s says so and cannot start', async (state, text) => {
    const sent = api({ status: 201, body: fuelTransaction() }, null, [{ number: 3, state }]);
    const { user } = open();
    expect((await screen.findByTestId('fuel-pump-closed')).textContent).toBe(text);
    const start = screen.getByRole('button', { name: 'Byrja at tanka' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    await user.click(
      within(await screen.findByRole('radiogroup', { name: 'Brennievni' })).getAllByRole(
        'radio',
      )[0]!,
    );
    await user.click(start);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.getByRole('link', { name: 'Broyt pumpu' })).toBeTruthy();
  });

  it('goes back to the pumps when the address names no pump', async () => {
    api({ status: 201, body: fuelTransaction() });
    const { router } = renderWithApp(<FuelTypeScreen />, {
      path: paths.fuelType.pattern,
      url: paths.fuelType(1),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.fuelStation(1)));
  });
});
