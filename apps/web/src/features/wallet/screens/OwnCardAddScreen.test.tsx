// @vitest-environment happy-dom
import { translate, type PaymentMethod } from '@stod/domain';
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { fieldError, renderWithApp, screen, setUpTexts, toasts } from '../../../test/render.tsx';
import { OwnCardAddScreen } from './OwnCardAddScreen.tsx';

const card: PaymentMethod = {
  id: 'pm-7',
  kind: 'own_card',
  brand: 'stodkort',
  last4: '0011',
  expMonth: null,
  expYear: null,
  name: 'Arbeiðsbilurin',
  isFavourite: false,
  isActive: true,
  activeFrom: '2026-03-05T12:00:00.000Z',
  products: ['fuel', 'carwash'],
  createdAt: '2026-03-05T12:00:00.000Z',
};

const open = (path: string = paths.ownCardAdd) =>
  renderWithApp(<OwnCardAddScreen />, { path, url: path });

beforeAll(() => setUpTexts());

describe('OwnCardAddScreen', () => {
  it('asks for the card number, a name and the PIN', () => {
    mockApi({});
    open();
    expect(screen.getByLabelText('Kortnummar')).toBeTruthy();
    expect(screen.getByLabelText('Navn á kortinum (valfrítt)')).toBeTruthy();
    expect(screen.getByLabelText('PIN-kota')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Send mær eina kotu' })).toBeTruthy();
  });

  it('checks the number, then the PIN, under their fields before sending', async () => {
    const sent = mockApi({});
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Legg kortið afturat' }));
    await waitFor(() => expect(fieldError('Kortnummar')).toBe(translate('validation.cardNumber')));
    await user.type(screen.getByLabelText('Kortnummar'), '7077000000000011');
    expect(screen.getByLabelText<HTMLInputElement>('Kortnummar').value).toBe('7077 0000 0000 0011');
    await user.click(screen.getByRole('button', { name: 'Legg kortið afturat' }));
    await waitFor(() => expect(fieldError('PIN-kota')).toBe('PIN-kotan skal vera 4 tøl.'));
    expect(fieldError('Kortnummar')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('adds the card with its PIN and goes on to the flow’s done screen', async () => {
    const sent = mockApi({ 'POST /payment-methods/stodkort/add': { status: 201, body: card } });
    const { user, router } = open(paths.registerOwnCardAdd);
    await user.type(screen.getByLabelText('Kortnummar'), '7077 0000 0000 0011');
    await user.type(screen.getByLabelText('Navn á kortinum (valfrítt)'), 'Arbeiðsbilurin');
    await user.type(screen.getByLabelText('PIN-kota'), '1234');
    await user.click(screen.getByRole('button', { name: 'Legg kortið afturat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.registerCompleted));
    expect(router.state.location.state).toEqual({ paymentMethodId: 'pm-7' });
    expect(sent).toMatchObject([
      {
        method: 'POST',
        path: '/payment-methods/stodkort/add',
        body: { cardNumber: '7077000000000011', name: 'Arbeiðsbilurin', pin: '1234' },
      },
    ]);
    expect(toasts('success')).toEqual(['Støðkortið er lagt afturat.']);
  });

  it('shows a wrong PIN under the PIN, and anything else as a toast', async () => {
    mockApi({
      'POST /payment-methods/stodkort/add': apiError(422, 'OWN_CARD_PIN', 'PIN-kotan er skeiv.', {
        pin: 'PIN-kotan er skeiv.',
      }),
    });
    const { user, router } = open();
    await user.type(screen.getByLabelText('Kortnummar'), '7077000000000011');
    await user.type(screen.getByLabelText('PIN-kota'), '9999');
    await user.click(screen.getByRole('button', { name: 'Legg kortið afturat' }));
    await waitFor(() => expect(fieldError('PIN-kota')).toBe('PIN-kotan er skeiv.'));

    mockApi({
      'POST /payment-methods/stodkort/add': apiError(
        409,
        'OWN_CARD_TAKEN',
        'Hetta kortið er longu skrásett hjá einum øðrum brúkara.',
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Legg kortið afturat' }));
    await waitFor(() =>
      expect(toasts('error')).toEqual(['Hetta kortið er longu skrásett hjá einum øðrum brúkara.']),
    );
    expect(router.state.location.pathname).toBe(paths.ownCardAdd);
  });

  it('sends a code to the holder and adds the card with it', async () => {
    const sent = mockApi({
      'POST /payment-methods/stodkort/add/code': {
        status: 201,
        body: {
          challengeId: 'ch-1',
          channel: 'sms',
          destination: '+298 •• •• 11',
          expiresAt: '2026-03-05T12:10:00.000Z',
        },
      },
      'POST /payment-methods/stodkort/add': { status: 201, body: card },
    });
    const { user, router } = open();
    await user.type(screen.getByLabelText('Kortnummar'), '7077000000000029');
    await user.click(screen.getByRole('radio', { name: 'Send mær eina kotu' }));
    await user.click(screen.getByRole('button', { name: 'Send kotu við SMS' }));
    expect(await screen.findByText('Vit hava sent eina kotu til +298 •• •• 11.')).toBeTruthy();
    await user.type(screen.getByLabelText('Kota'), '123456');
    await user.click(screen.getByRole('button', { name: 'Legg kortið afturat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.ownCardAddComplete));
    expect(sent.map((r) => r.body)).toMatchObject([
      { cardNumber: '7077000000000029', channel: 'sms' },
      { cardNumber: '7077000000000029', challengeId: 'ch-1', code: '123456' },
    ]);
  });
});
