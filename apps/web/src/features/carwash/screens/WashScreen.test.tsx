// @vitest-environment happy-dom
import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { mockApi, type SentRequest } from '../../../test/api.ts';
import { resetRealtime } from '../../../test/realtime-mock.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../../test/render.tsx';
import { testColors, TX_ID, washTransaction } from '../../../test/station-fixtures.ts';
import { WashScreen } from './WashScreen.tsx';

vi.mock('../../../lib/realtime.ts', () =>
  import('../../../test/realtime-mock.ts').then((m) => m.realtimeMock),
);

const washing = washTransaction({
  state: 'washing',
  label: 'inProgress',
  captured: 19900,
  remainingSeconds: 300,
  updatedAt: '2026-03-05T12:01:00.000Z',
});
const stopped = {
  ...washing,
  state: 'stopped' as const,
  label: 'stopped' as const,
  updatedAt: '2026-03-05T12:01:10.000Z',
};

function api(view: ReturnType<typeof washTransaction>) {
  return mockApi({
    'GET /transactions/active': { body: { transaction: view } },
    [`GET /transactions/${TX_ID}`]: { body: view },
    'GET /stations/stod-product-colors': { body: testColors },
    [`POST /carwash/transactions/${TX_ID}/stop`]: { body: stopped },
  });
}

const stops = (sent: SentRequest[]) => sent.filter((r) => r.path.endsWith('/stop'));

const open = () =>
  renderWithApp(<WashScreen />, { path: paths.carwashWash.pattern, url: paths.carwashWash(1) });

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeAll(() => setUpTexts(['carwash']));
beforeEach(() => resetRealtime());
afterEach(() => {
  vi.useRealTimers();
});

describe('WashScreen', () => {
  it('counts down to the start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    api(washTransaction({ state: 'countdown', label: 'countdown', remainingSeconds: 15 }));
    open();
    const seconds = await screen.findByTestId('carwash-countdown-seconds');
    expect(seconds.textContent).toBe('0:15');
    expect(screen.getByText('Vaskurin byrjar um')).toBeTruthy();
    tick(5000);
    expect(screen.getByTestId('carwash-countdown-seconds').textContent).toBe('0:10');
    const steps = screen.getByRole('list', { name: 'Gongdin í vaskinum' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Byrjar um løtu');
  });

  it('shows the minutes left in a ring', async () => {
    api(washing);
    open();
    const ring = await screen.findByRole('progressbar', { name: 'Vaskur' });
    expect(ring.getAttribute('aria-valuenow')).toBe('50');
    expect(ring.getAttribute('aria-valuetext')).toBe('5 minuttir eftir');
    expect(screen.getByTestId('carwash-minutes').textContent).toBe('5');
  });

  it('stops only when the button is held for 3 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const sent = api(washing);
    open();
    const button = await screen.findByTestId('carwash-stop');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('Halt knøttinum inni í 3 sekund fyri at steðga vaskinum.'),
    ).toBeTruthy();

    fireEvent.pointerDown(button, { button: 0, pointerId: 1 });
    tick(2000);
    expect(Number(screen.getByTestId('carwash-stop-progress').dataset.progress)).toBe(67);
    expect(button.textContent).toBe('Steðgar um 1 sek.');
    fireEvent.pointerUp(button, { button: 0, pointerId: 1 });
    tick(2000);
    expect(stops(sent)).toHaveLength(0);
    expect(screen.getByTestId('carwash-stop-progress').dataset.progress).toBe('0');
    expect(button.textContent).toBe('Steðga vaskinum');

    fireEvent.pointerDown(button, { button: 0, pointerId: 1 });
    tick(3000);
    await waitFor(() => expect(stops(sent)).toHaveLength(1));
    const notice = await screen.findByTestId('carwash-stopped');
    expect(
      within(notice).getByText(/Bert starvsfólkið á støðini kann byrja vaskin aftur/),
    ).toBeTruthy();
    expect(screen.queryByTestId('carwash-stop')).toBeNull();
  });

  it('says a bay fault stopped the wash, what was paid, and that staff resume or refund it', async () => {
    api({ ...stopped, errorKey: 'error.bayFault', paidWith: 'card', captured: 14_900 });
    open();
    const notice = await screen.findByTestId('carwash-stopped');
    expect(notice.getAttribute('data-fault')).toBe('true');
    expect(within(notice).getByRole('heading').textContent).toBe('Vaskibásurin fekk ein feil');
    expect(within(notice).getByRole('alert').textContent).toBe(
      'Vaskibásurin steðgaði við einum feili, meðan bilurin varð vaskaður.',
    );
    expect(within(notice).getByText(/ella gjalda tær aftur/)).toBeTruthy();
    expect(within(notice).getByTestId('carwash-stopped-paid').textContent).toBe(
      'Goldið fyri vaskin: 149,00 kr.',
    );
  });

  it('stops when Space is held for 3 seconds, and not when it is let go early', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const sent = api(washing);
    open();
    const button = await screen.findByTestId('carwash-stop');
    fireEvent.keyDown(button, { key: ' ' });
    tick(1500);
    fireEvent.keyUp(button, { key: ' ' });
    tick(3000);
    expect(stops(sent)).toHaveLength(0);

    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.keyDown(button, { key: 'Enter', repeat: true });
    tick(3000);
    await waitFor(() => expect(stops(sent)).toHaveLength(1));
  });

  it('says that only staff can resume a stopped wash', async () => {
    api(stopped);
    open();
    expect((await screen.findByTestId('carwash-stopped')).textContent).toContain(
      'Vaskurin er steðgaður',
    );
    const steps = screen.getByRole('list', { name: 'Gongdin í vaskinum' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Steðgaður');
  });

  it('ends with the receipt', async () => {
    api(
      washTransaction({
        state: 'completed',
        label: 'complete',
        captured: 19900,
        receiptId: 'r-9',
        finishedAt: '2026-03-05T12:11:00.000Z',
      }),
    );
    open();
    const summary = await screen.findByTestId('carwash-summary');
    expect(within(summary).getByTestId('carwash-captured').textContent).toBe('199,00 kr.');
    expect(screen.getByTestId('carwash-receipt-link').getAttribute('href')).toBe(
      paths.receipt('r-9'),
    );
  });

  it('says a voucher paid', async () => {
    api(
      washTransaction({
        state: 'completed',
        label: 'complete',
        paidWith: 'voucher',
        paymentMethodId: null,
        held: 0,
        receiptId: 'r-10',
        finishedAt: '2026-03-05T12:11:00.000Z',
      }),
    );
    open();
    expect((await screen.findByTestId('carwash-paid')).textContent).toBe('Við kupong');
  });
});
