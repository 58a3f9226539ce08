// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { mockApi, type Answer } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../../test/render.tsx';
import {
  cardIds,
  noFuelMethods,
  testColors,
  testMethods,
  testStation,
  washTransaction,
  washVoucher,
  washVoucherId,
} from '../../../test/station-fixtures.ts';
import { ProductsScreen } from './ProductsScreen.tsx';

const bays = {
  items: [
    { number: 1, state: 'busy' },
    { number: 2, state: 'free' },
  ],
};

function api(extra: Record<string, Answer> = {}) {
  return mockApi({
    'GET /stations/stod/1': { body: testStation },
    'GET /stations/stod-product-colors': { body: testColors },
    'GET /carwash/stations/1/bays': { body: bays },
    'GET /payment-methods': { body: testMethods },
    'GET /vouchers': { body: { balance: 0, items: [] } },
    'GET /transactions/active': { body: { transaction: null } },
    ...extra,
  });
}

const open = () =>
  renderWithApp(<ProductsScreen />, {
    path: paths.carwashProducts.pattern,
    url: paths.carwashProducts(1),
  });

beforeAll(() => setUpTexts(['carwash']));

describe('ProductsScreen', () => {
  it('shows the programmes with length and price, and the bays with their state', async () => {
    api();
    open();
    const programmes = await screen.findByRole('radiogroup', { name: 'Vaskur' });
    const premium = within(programmes).getByRole('radio', { name: /Premium vask við voksi/ });
    expect(premium.textContent).toContain('10 min.');
    expect(premium.textContent).toContain('199,00 kr.');
    expect(within(programmes).getAllByRole('radio')).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'Vaskibásur 1, Upptikin' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vaskibásur 2, Leysur' })).toBeTruthy();
  });

  it('says a stopped wash keeps another from starting, with no link to it: home has the way', async () => {
    api({
      'GET /transactions/active': {
        body: { transaction: washTransaction({ state: 'stopped', label: 'stopped' }) },
      },
    });
    open();
    const notice = await screen.findByTestId('carwash-active-notice');
    expect(notice.textContent).toBe(
      'Vaskurin hjá tær er steðgaður og bíðar eftir starvsfólkinum. Tosa við tey í búðini, áðrenn tú byrjar ein nýggjan vask.',
    );
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('asks for what is missing, then goes to the checklist with the choice in its address', async () => {
    api();
    const { router, user } = open();
    await user.click(await screen.findByTestId('carwash-continue'));
    expect(screen.getByRole('alert').textContent).toBe('Vel vask, vaskibás og gjaldhátt.');

    await user.click(screen.getByRole('radio', { name: /Grundvask/ }));
    await user.click(await screen.findByRole('button', { name: 'Vaskibásur 1, Upptikin' }));
    expect(screen.getByTestId('bay-1').getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Vaskibásur 2, Leysur' }));
    expect(screen.getByTestId('bay-2').getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByTestId('carwash-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.carwashChecklist(1)));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      bay: '2',
      product: '21',
      pay: `card:${cardIds.favourite}`,
    });
  });

  it('offers an unused car-wash voucher as a way to pay', async () => {
    api({
      'GET /vouchers': {
        body: {
          balance: 0,
          items: [
            washVoucher,
            { ...washVoucher, id: 'used', usedAt: '2026-03-02T10:00:00.000Z' },
            { ...washVoucher, id: 'coffee', product: 'beverages' },
          ],
        },
      },
    });
    const { router, user } = open();
    const payment = await screen.findByRole('radiogroup', { name: 'Gjald við' });
    const voucher = within(payment).getByRole('radio', { name: /Gjald við kupong/ });
    expect(voucher.textContent).toContain('Ókeypis bilvask · Gildir til 01.01.2099');
    expect(within(payment).getAllByRole('radio')).toHaveLength(3);
    await user.click(voucher);
    await user.click(screen.getByRole('radio', { name: /Premium/ }));
    await user.click(await screen.findByRole('button', { name: 'Vaskibásur 2, Leysur' }));
    await user.click(screen.getByTestId('carwash-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.carwashChecklist(1)));
    expect(new URLSearchParams(router.state.location.search).get('pay')).toBe(
      `voucher:${washVoucherId}`,
    );
  });

  it('lets a voucher pay when no card may pay for a wash', async () => {
    api({
      'GET /payment-methods': { body: noFuelMethods },
      'GET /vouchers': { body: { balance: 0, items: [washVoucher] } },
    });
    open();
    const voucher = await screen.findByRole('radio', { name: /Gjald við kupong/ });
    expect(voucher.getAttribute('aria-checked')).toBe('true');
  });

  it('sends a user with neither card nor voucher to the no-payment screen', async () => {
    api({ 'GET /payment-methods': { body: noFuelMethods } });
    const { router } = open();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.carwashNoPayment));
  });
});
