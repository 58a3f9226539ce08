// @vitest-environment happy-dom
import type { BeverageFill } from '@stod/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api.ts';
import { renderWithApp, setUpTexts } from '../../test/render.tsx';
import { cardIds, testMethods } from '../../test/station-fixtures.ts';
import { BeverageSheet } from './BeverageSheet.tsx';

// The drink's sheet and the §8 behaviours: the server's alert with its title, the generic toast,
// and the purchase's own message.

const HASH = 'AbCdEfGhIjKlMnOpQrStUvWx';

const fill = (over: Partial<BeverageFill> = {}): BeverageFill => ({
  beverage_family: 'COFFEE',
  installation_id: '3f2b0c1e-8d7a-4c6b-9e5f-1a2b3c4d5e6f',
  transaction_id: '7e6d5c4b-3a29-4f18-8e07-d6c5b4a39281',
  name: 'Kaffi',
  price: 2500,
  state: 'pending',
  expiresAt: new Date(Date.now() + 90_000).toISOString(),
  covered: true,
  nextCupAt: null,
  receiptId: null,
  ...over,
});

function open(initial: BeverageFill, routes: Parameters<typeof mockApi>[0] = {}) {
  const sent = mockApi({
    'GET /payment-methods': { body: testMethods },
    'GET /user-subscriptions': { body: [] },
    ...routes,
  });
  const onClose = vi.fn();
  const view = renderWithApp(<BeverageSheet hash={HASH} fill={initial} onClose={onClose} />);
  return { ...view, sent, onClose };
}

beforeAll(() => setUpTexts(['beverages']));

describe('BeverageSheet', () => {
  it('pours on the subscription with the code’s machine and transaction', async () => {
    const initial = fill();
    const { user, sent } = open(initial, {
      'POST /beverages': { body: fill({ state: 'pouring' }) },
    });
    expect(screen.getByText('Haldið hjá tær fevnir um hendan drykkin.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Skonk við haldinum' }));
    expect(await screen.findByText('Skonkir…')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      hash: HASH,
      installationId: initial.installation_id,
      transactionId: initial.transaction_id,
    });
  });

  it('shows a refusal with a header as the alert: its title, its text and "Lat aftur"', async () => {
    const refusal = apiError(409, 'MACHINE_UNREACHABLE', 'Kaffimaskinan svarar ikki júst nú.');
    const { user } = open(fill(), {
      'POST /beverages': { ...refusal, body: { ...(refusal.body as object), header: 'Kaffi' } },
    });
    await user.click(screen.getByRole('button', { name: 'Skonk við haldinum' }));
    const alert = await screen.findByTestId('beverage-alert');
    expect(within(alert).getByRole('heading', { name: 'Kaffi' })).toBeTruthy();
    expect(within(alert).getByText('Kaffimaskinan svarar ikki júst nú.')).toBeTruthy();
    await user.click(within(alert).getAllByRole('button', { name: 'Lat aftur' }).at(-1)!);
  });

  it('shows the generic toast for a refusal without a header', async () => {
    const { user } = open(fill(), {
      'POST /beverages': apiError(500, 'INTERNAL', 'Something'),
    });
    await user.click(screen.getByRole('button', { name: 'Skonk við haldinum' }));
    expect(await screen.findByText('Okkurt gekk galið. Vinaliga royn aftur')).toBeTruthy();
  });

  it('shows the generic toast when the subscription lapsed or no longer covers the drink', async () => {
    const lapsed = apiError(422, 'NO_BEVERAGE_SUBSCRIPTION', 'Einki hald.');
    const { user } = open(fill(), {
      'POST /beverages': { ...lapsed, body: { ...(lapsed.body as object), header: 'Kaffi' } },
    });
    await user.click(screen.getByRole('button', { name: 'Skonk við haldinum' }));
    expect(await screen.findByText('Okkurt gekk galið. Vinaliga royn aftur')).toBeTruthy();
    expect(screen.queryByText('Einki hald.')).toBeNull();
  });

  it('buys a drink not in the subscription once with the favourite card, keyed', async () => {
    const { user, sent } = open(fill({ covered: false }), {
      'POST /beverages/one-time-purchase': {
        body: { paymentUrl: null, receiptId: 'r-1', fill: fill({ state: 'pouring' }) },
      },
    });
    expect(
      await screen.findByText('Tú hevur einki kaffihald. Tú kanst keypa koppin eina ferð.'),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Keyp eina ferð fyri 25,00 kr.' }));
    const purchase = sent.find((r) => r.path === '/beverages/one-time-purchase');
    expect(purchase?.body).toEqual({ hash: HASH, paymentMethodId: cardIds.favourite });
    expect(purchase?.headers['Idempotency-Key']).toEqual(expect.any(String));
    expect(await screen.findByText('Skonkir…')).toBeTruthy();
  });

  it('shows the server’s message when a purchase fails', async () => {
    const { user } = open(fill({ covered: false }), {
      'POST /beverages/one-time-purchase': apiError(409, 'MACHINE_BUSY', 'Maskinan er upptikin.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Keyp eina ferð fyri 25,00 kr.' }));
    expect(await screen.findByText('Maskinan er upptikin.')).toBeTruthy();
  });

  it('says when the next cup is due under fair use', () => {
    open(fill({ covered: false, nextCupAt: '2026-03-05T12:10:00.000Z' }));
    expect(screen.getByTestId('beverage-why').textContent).toMatch(/\d{2}:\d{2}/);
  });

  it('links a poured cup’s receipt, and closes on “Liðugt”', async () => {
    const { user, onClose } = open(fill({ state: 'poured', receiptId: 'r-9' }));
    expect(screen.getByRole('link', { name: 'Vís kvittan' }).getAttribute('href')).toBe(
      '/profile/receipts/r-9',
    );
    await user.click(screen.getByRole('button', { name: 'Liðugt' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says that an expired code must be chosen again on the machine', () => {
    open(fill({ expiresAt: new Date(Date.now() - 1000).toISOString() }));
    expect(screen.getByTestId('beverage-outcome').textContent).toContain(
      'Vel drykkin á maskinuni aftur',
    );
    expect(screen.queryByRole('button', { name: 'Skonk við haldinum' })).toBeNull();
  });
});
