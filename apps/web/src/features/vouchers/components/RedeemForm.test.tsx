// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { fieldError, renderWithApp, screen, setUpTexts, toasts } from '../../../test/render.tsx';
import { RedeemForm } from './RedeemForm.tsx';

const LABEL = 'Kota';
const open = () => renderWithApp(<RedeemForm />, { path: paths.vouchers });

const giftCard = {
  id: 'v-1',
  kind: 'gift_card',
  name: 'Gávukort 500 kr.',
  balance: 50_000,
  initialAmount: 50_000,
  product: null,
  expiresAt: '2027-01-01T00:00:00.000Z',
  usedAt: null,
  redeemedAt: '2026-03-05T12:00:00.000Z',
};

beforeAll(() => setUpTexts(['vouchers']));

describe('RedeemForm', () => {
  it('has one labelled field for PIN and premium codes', () => {
    mockApi({});
    open();
    expect(screen.getByLabelText(LABEL)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Innloys' })).toBeTruthy();
  });

  it('asks for a code before sending anything', async () => {
    const sent = mockApi({});
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Innloys' }));
    await waitFor(() => expect(fieldError(LABEL)).toBe('Vinaliga tøppa kotu inn.'));
    await user.type(screen.getByLabelText(LABEL), 'ab');
    await user.click(screen.getByRole('button', { name: 'Innloys' }));
    await waitFor(() => expect(fieldError(LABEL)).toBe('Vinaliga tøppa kotu inn.'));
    expect(sent).toEqual([]);
  });

  it('redeems the code as the domain writes it and says what it was', async () => {
    const sent = mockApi({ 'POST /vouchers/redeem': { status: 201, body: giftCard } });
    const { user } = open();
    await user.type(screen.getByLabelText(LABEL), 'gava-2026-stod');
    await user.click(screen.getByRole('button', { name: 'Innloys' }));
    await waitFor(() =>
      expect(toasts('success')).toEqual(['Tú hevur innloyst „Gávukort 500 kr.“.']),
    );
    expect(sent).toMatchObject([
      { method: 'POST', path: '/vouchers/redeem', body: { code: 'GAVA2026STOD' } },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>(LABEL).value).toBe('');
  });

  it('puts the reason a code fails under the field, and anything else in a toast', async () => {
    mockApi({
      'POST /vouchers/redeem': apiError(422, 'VOUCHER_USED', 'Kotan er longu brúkt.', {
        code: 'Tað eydnaðist ikki at innloysa gávukortið: kotan er longu brúkt.',
      }),
    });
    const { user } = open();
    await user.type(screen.getByLabelText(LABEL), 'KAFFI-2026');
    await user.click(screen.getByRole('button', { name: 'Innloys' }));
    await waitFor(() =>
      expect(fieldError(LABEL)).toBe(
        'Tað eydnaðist ikki at innloysa gávukortið: kotan er longu brúkt.',
      ),
    );
    expect(toasts('error')).toEqual([]);

    mockApi({
      'POST /vouchers/redeem': apiError(
        429,
        'RATE_LIMITED',
        'Ov nógvar royndir. Vinaliga bíða eitt bil og royn so aftur.',
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Innloys' }));
    await waitFor(() =>
      expect(toasts('error')).toEqual([
        'Tað eydnaðist ikki at innloysa gávukortið. Ov nógvar royndir. Vinaliga bíða eitt bil og royn so aftur.',
      ]),
    );
  });
});
