// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLocale } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { mockApi, type SentRequest } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts } from '../../../test/render.tsx';
import { VouchersScreen } from './VouchersScreen.tsx';

/** The server answers the operator's names in the request's language. */
const names = { fo: 'Ein kaffi', en: 'One coffee' } as const;

function vouchers(request: SentRequest) {
  const locale = request.headers['Accept-Language'] === 'en' ? 'en' : 'fo';
  return {
    body: {
      balance: 0,
      items: [
        {
          id: 'v-1',
          kind: 'product',
          name: names[locale],
          balance: null,
          initialAmount: null,
          product: 'beverages',
          expiresAt: '2099-01-01T00:00:00.000Z',
          usedAt: null,
          redeemedAt: '2026-03-05T12:00:00.000Z',
        },
      ],
    },
  };
}

beforeAll(() => setUpTexts(['vouchers']));
afterAll(() => applyLocale('fo'));

describe('VouchersScreen', () => {
  it('asks for the vouchers in the app’s language, and again when it changes', async () => {
    const sent = mockApi({ 'GET /vouchers': vouchers });
    renderWithApp(<VouchersScreen />, { path: paths.vouchers });
    expect(await screen.findByText('Ein kaffi')).toBeTruthy();
    expect(sent.map((r) => r.headers['Accept-Language'])).toEqual(['fo']);

    await act(() => applyLocale('en'));
    expect(await screen.findByText('One coffee')).toBeTruthy();
    expect(screen.getByText('Redeem a code')).toBeTruthy();
    await waitFor(() =>
      expect(sent.map((r) => r.headers['Accept-Language'])).toEqual(['fo', 'en']),
    );
    expect(screen.queryByText('Ein kaffi')).toBeNull();
  });
});
