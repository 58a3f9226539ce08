// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetChargeLookups } from '../../../lib/charge-query.ts';
import {
  CHARGE_ID,
  CHARGER_ID,
  chargeAt,
  INSTALLATION_ID,
  RECEIPT_ID,
} from '../../../lib/charge-fixtures.ts';
import { paths } from '../../../lib/paths.ts';
import { mockApi } from '../../../test/api.ts';
import { emit, resetRealtime } from '../../../test/realtime-mock.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../../test/render.tsx';
import { UnavailableScreen } from './UnavailableScreen.tsx';

vi.mock('../../../lib/realtime.ts', () =>
  import('../../../test/realtime-mock.ts').then((m) => m.realtimeMock),
);

const faulted = { id: CHARGER_ID, identity: 'SIM-PUB-1', status: 'Faulted', online: true } as const;

const open = (state: unknown = { chargeId: CHARGE_ID }) => {
  const result = renderWithApp(<UnavailableScreen />, {
    path: paths.chargingUnavailable.pattern,
    url: paths.chargingUnavailable(INSTALLATION_ID),
  });
  void result.router.navigate(paths.chargingUnavailable(INSTALLATION_ID), {
    replace: true,
    state,
  });
  return result;
};

beforeAll(() => setUpTexts(['charging']));
beforeEach(() => {
  resetRealtime();
  resetChargeLookups();
});

describe('UnavailableScreen', () => {
  it('says the §8 text and follows the charge the fault stopped to its receipt', async () => {
    const stopping = chargeAt(30, {
      state: 'stopping',
      label: 'charging',
      charger: faulted,
      kwh: 4.2,
      amount: 1470,
    });
    mockApi({
      'GET /charges/active': { body: { charge: stopping } },
      [`GET /charges/${CHARGE_ID}`]: { body: stopping },
    });
    open();
    expect((await screen.findByTestId('charger-unavailable-text')).textContent).toBe(
      'Ladarin er ikki tøkur, er tikin frá ella hevur ein feil.',
    );
    const section = await screen.findByTestId('unavailable-charge');
    expect(within(section).getByTestId('unavailable-label').textContent).toBe('Lading í gongd');
    expect(within(section).getByTestId('unavailable-kwh').textContent).toBe('4,20 kWh');
    expect(within(section).getByTestId('unavailable-amount').textContent).toBe('14,70 kr.');

    act(() => {
      emit('charge.changed', CHARGE_ID, {
        ...stopping,
        state: 'completed',
        label: 'complete',
        receiptId: RECEIPT_ID,
        captured: 1470,
        released: 28_530,
        updatedAt: '2026-03-05T12:01:00.000Z',
        finishedAt: '2026-03-05T12:01:00.000Z',
      });
    });
    const link = await screen.findByTestId('unavailable-receipt-link');
    expect(link.getAttribute('href')).toBe(paths.receipt(RECEIPT_ID));
    // What the card was charged and what went back, and the receipt first among the ways on.
    expect(screen.getByTestId('unavailable-held').textContent).toBe('300,00 kr.');
    expect(screen.getByTestId('unavailable-captured').textContent).toBe('14,70 kr.');
    expect(screen.getByTestId('unavailable-released').textContent).toBe('285,30 kr.');
    expect(screen.getByTestId('charger-unavailable-back').className).not.toContain('bg-brand');
    expect(screen.getByTestId('unavailable-label').textContent).toBe('Lading liðug');
    expect(screen.getByTestId('charger-unavailable-back').getAttribute('href')).toBe(
      paths.chargingInstallation(INSTALLATION_ID),
    );
  });

  it('offers the way back to the charge once the charger recovers', async () => {
    const charging = chargeAt(30, { state: 'charging', label: 'charging', charger: faulted });
    mockApi({
      'GET /charges/active': { body: { charge: charging } },
      [`GET /charges/${CHARGE_ID}`]: { body: charging },
    });
    open();
    await screen.findByTestId('unavailable-charge');
    expect(screen.queryByTestId('unavailable-back-to-charge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Steðga ladingini' })).toBeTruthy();
    act(() => {
      emit('charge.changed', CHARGE_ID, {
        ...charging,
        charger: { ...faulted, status: 'Charging' },
        updatedAt: '2026-03-05T12:01:00.000Z',
      });
    });
    const back = await screen.findByTestId('unavailable-back-to-charge');
    expect(back.getAttribute('href')).toBe(paths.chargingCharge(INSTALLATION_ID));
  });

  it('says no charge runs here when there is none to show', async () => {
    mockApi({ 'GET /charges/active': { body: { charge: null } } });
    open(null);
    await waitFor(() => expect(screen.getByTestId('charger-unavailable-none')).toBeTruthy());
    expect(screen.getByTestId('charger-unavailable-back').getAttribute('href')).toBe(
      paths.chargingInstallation(INSTALLATION_ID),
    );
  });
});
