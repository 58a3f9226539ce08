// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts, toasts } from '../../../test/render.tsx';
import { readPendingSession } from '../pending-session.ts';
import { AddCardButton } from './AddCardButton.tsx';

const open = () =>
  renderWithApp(<AddCardButton returnPath={paths.paymentMethods} />, {
    path: paths.paymentMethods,
  });

beforeAll(() => setUpTexts());
afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('AddCardButton', () => {
  it('opens the gateway’s card page for this screen and remembers the session', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const sent = mockApi({
      'POST /payment-methods': {
        status: 201,
        body: { sessionId: 'cs-1', url: 'https://gateway.test/pay/cs-1' },
      },
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Legg gjaldskort afturat' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://gateway.test/pay/cs-1'));
    expect(sent).toMatchObject([
      { method: 'POST', path: '/payment-methods', body: { returnPath: paths.paymentMethods } },
    ]);
    expect(readPendingSession(paths.paymentMethods)).toBe('cs-1');
  });

  it('says so when no card page can be had, and stays', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    mockApi({ 'POST /payment-methods': apiError(503, 'GATEWAY', 'Gjaldsveitarin svarar ikki.') });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Legg gjaldskort afturat' }));
    await waitFor(() =>
      expect(toasts('error')).toEqual(['Tað eydnaðist ikki at stovna gjaldsleinkju.']),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(readPendingSession(paths.paymentMethods)).toBeNull();
  });
});
