// @vitest-environment happy-dom
import type { Campaign } from '@stod/domain';
import { closeAllModals, openModal, useModalStore } from '@stod/ui/modal-store.ts';
import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLocale } from '../../i18n/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { mockApi, type SentRequest } from '../../test/api.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../test/render.tsx';
// Loaded up front, so opening a campaign waits on no module load.
import './campaign-modal.tsx';
import Campaigns from './Campaigns.tsx';

const coffee = (locale: string): Campaign => ({
  id: 'c-coffee',
  title: locale === 'en' ? 'Good coffee every day' : 'Gott kaffi hvønn dag',
  content: locale === 'en' ? 'A cup at every station.' : 'Ein koppur á hvørji støð.',
  image: { url: '/api/campaigns/images/i-coffee', width: 640, height: 360 },
});
const wash = (locale: string): Campaign => ({
  id: 'c-wash',
  title: locale === 'en' ? 'A sparkling clean car' : 'Skínandi reinur bilur',
  content: locale === 'en' ? 'Start the wash from your phone.' : 'Byrja vaskin frá telefonini.',
  image: null,
});

let shown: ((locale: string) => Campaign)[] = [];
let sent: SentRequest[] = [];
const activeRequests = () => sent.filter((r) => r.path === '/campaigns/active');

beforeAll(() => setUpTexts());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  shown = [coffee, wash];
  sent = mockApi({
    'GET /campaigns/active': (request) => ({
      body: shown.map((c) => c(request.headers['Accept-Language'] ?? 'fo')),
    }),
  });
});
afterEach(async () => {
  closeAllModals();
  await vi.advanceTimersByTimeAsync(1000);
  vi.useRealTimers();
  queryClient.clear();
});

/** Lets the timers run this long, and everything they started settle. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const modal = () => screen.queryByTestId('campaign-modal');
const dismissed = () => JSON.parse(localStorage.getItem('dismissedCampaigns') ?? '[]') as unknown;

async function expectOpens(title: string) {
  await pass(CAMPAIGN_DELAY - 1);
  expect(modal()).toBeNull();
  await pass(1);
  await vi.waitFor(() => expect(modal()).not.toBeNull());
  expect(within(modal()!).getByRole('heading', { level: 2 }).textContent).toBe(title);
}
const CAMPAIGN_DELAY = 2000;

function setActive(active: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (active ? 'visible' : 'hidden'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('campaigns after startup', () => {
  it('opens the first one after 2 s, and after "Lat aftur" the next one 2 s later', async () => {
    renderWithApp(<Campaigns />);
    await expectOpens('Gott kaffi hvønn dag');
    const dialog = screen.getByRole('dialog', { name: 'Gott kaffi hvønn dag' });
    const picture = within(dialog).getByRole('img', { name: 'Gott kaffi hvønn dag' });
    expect(picture.getAttribute('src')).toBe(
      new URL('/api/campaigns/images/i-coffee', window.location.href).href,
    );
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['640', '360']);
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(within(dialog).getByText('Ein koppur á hvørji støð.')).toBeTruthy();
    // One way out, in the spec's words: no second close button beside it.
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Lat aftur']);

    fireEvent.click(buttons[0]!);
    await pass(0);
    expect(dismissed()).toEqual(['c-coffee']);
    await expectOpens('Skínandi reinur bilur');
    expect(within(modal()!).queryByRole('img')).toBeNull();

    // Escape closes a campaign as 'Lat aftur' does.
    fireEvent.keyDown(window, { key: 'Escape' });
    await vi.waitFor(() => expect(dismissed()).toEqual(['c-coffee', 'c-wash']));
    await pass(10_000);
    expect(modal()).toBeNull();
    expect(activeRequests()).toHaveLength(1);
  });

  it('skips what this device dismissed before', async () => {
    localStorage.setItem('dismissedCampaigns', JSON.stringify(['c-coffee']));
    renderWithApp(<Campaigns />);
    await expectOpens('Skínandi reinur bilur');
  });

  it('checks again when the app becomes active, and opens what is new', async () => {
    shown = [];
    renderWithApp(<Campaigns />);
    await pass(5000);
    expect(activeRequests()).toHaveLength(1);
    expect(modal()).toBeNull();

    shown = [wash];
    setActive(false);
    await pass(5000);
    expect(activeRequests()).toHaveLength(1);
    setActive(true);
    await vi.waitFor(() => expect(activeRequests()).toHaveLength(2));
    await expectOpens('Skínandi reinur bilur');

    // Open or about to open, a campaign is not asked for again.
    setActive(true);
    await pass(100);
    expect(activeRequests()).toHaveLength(2);
  });

  it('waits while another modal is open', async () => {
    renderWithApp(<Campaigns />);
    await pass(1000);
    act(() => void openModal({ title: 'Kvittan', testId: 'other-modal' }));
    await pass(5000);
    expect(modal()).toBeNull();
    act(() => closeAllModals());
    await pass(300);
    await vi.waitFor(() => expect(modal()).not.toBeNull(), { timeout: 3000 });
  });

  it('waits while a purchase is on screen, as after a sign-in from the checkout', async () => {
    const { router } = renderWithApp(<Campaigns />, { path: '*', url: '/food-order/12/checkout' });
    await pass(6000);
    expect(modal()).toBeNull();
    await act(() => router.navigate('/home'));
    await pass(CAMPAIGN_DELAY + 300);
    await vi.waitFor(() => expect(modal()).not.toBeNull(), { timeout: 3000 });
  });

  it('asks in the app’s language and says "Close" in English', async () => {
    await applyLocale('en');
    try {
      renderWithApp(<Campaigns />);
      await expectOpens('Good coffee every day');
      expect(activeRequests()[0]?.headers['Accept-Language']).toBe('en');
      expect(within(modal()!).getByRole('button').textContent).toBe('Close');
    } finally {
      await applyLocale('fo');
    }
  });

  it('closes an open campaign on sign-out without dismissing it', async () => {
    const view = renderWithApp(<Campaigns />);
    await expectOpens('Gott kaffi hvønn dag');
    view.unmount();
    await pass(500);
    expect(useModalStore.getState().modals).toEqual([]);
    expect(dismissed()).toEqual([]);
  });

  it('shows nothing, and tries at the next check, when the request fails', async () => {
    sent = mockApi({});
    renderWithApp(<Campaigns />);
    await pass(5000);
    expect(modal()).toBeNull();
    sent = mockApi({ 'GET /campaigns/active': { body: [coffee('fo')] } });
    setActive(true);
    await expectOpens('Gott kaffi hvønn dag');
  });
});
