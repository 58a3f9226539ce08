// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLocale } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { mockApi, type SentRequest } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts } from '../../../test/render.tsx';
import { SubscriptionsScreen } from './SubscriptionsScreen.tsx';

/** The server answers the operator's texts in the request's language. */
const texts = {
  fo: { name: 'Kaffi', description: 'Kaffi og te so ofta tú vilt.' },
  en: { name: 'Coffee', description: 'Coffee and tea as often as you like.' },
} as const;

const localeOf = (request: SentRequest) =>
  request.headers['Accept-Language'] === 'en' ? 'en' : 'fo';

const plans = (request: SentRequest) => ({
  body: {
    items: [
      {
        id: 1,
        type: 'BEVERAGE',
        index: 1,
        productIds: 'COFFEE,TEA',
        ...texts[localeOf(request)],
        prices: { monthly: 14_900, yearly: 149_000 },
      },
    ],
  },
});

beforeAll(() => setUpTexts(['subscriptions']));
afterAll(() => applyLocale('fo'));

describe('SubscriptionsScreen', () => {
  it('shows the plans in the app’s language, and asks again when it changes', async () => {
    const sent = mockApi({
      'GET /subscriptions': plans,
      'GET /user-subscriptions': { body: { items: [] } },
    });
    renderWithApp(<SubscriptionsScreen />, { path: paths.subscriptions });
    expect(await screen.findByText('Kaffi og te so ofta tú vilt.')).toBeTruthy();

    await act(() => applyLocale('en'));
    expect(await screen.findByText('Coffee and tea as often as you like.')).toBeTruthy();
    await waitFor(() =>
      expect(
        sent.filter((r) => r.path === '/subscriptions').map((r) => r.headers['Accept-Language']),
      ).toEqual(['fo', 'en']),
    );
    expect(
      sent.filter((r) => r.path === '/user-subscriptions').map((r) => r.headers['Accept-Language']),
    ).toEqual(['fo', 'en']);
  });
});
