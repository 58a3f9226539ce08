// @vitest-environment happy-dom
import { translate } from '@stod/domain';
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { fieldError, renderWithApp, screen, setUpTexts, toasts } from '../../../test/render.tsx';
import type { PaymentAgreementView } from '../api/get-payment-agreement.ts';
import { AgreementForm } from './AgreementForm.tsx';

const suggested = { fullName: 'Jógvan Joensen', email: 'jogvan@example.com', phone: '555123' };
const saved: PaymentAgreementView = {
  ...suggested,
  registrationNumber: '6460',
  accountNumberMasked: '••••5678',
  createdAt: '2026-03-05T12:00:00.000Z',
};

function open(agreement: PaymentAgreementView | null = null) {
  const onSaved = vi.fn();
  const rendered = renderWithApp(
    <AgreementForm agreement={agreement} suggested={suggested} onSaved={onSaved} />,
    { path: paths.profileAgreement },
  );
  return { ...rendered, onSaved };
}

beforeAll(() => setUpTexts());

describe('AgreementForm', () => {
  it('starts a new agreement from what the account knows', () => {
    mockApi({});
    open();
    const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
    expect(value('Fulla navn')).toBe('Jógvan Joensen');
    expect(value('Teldubústaður')).toBe('jogvan@example.com');
    expect(value('Telefonnummar')).toBe('555123');
    expect(value('Skrásetingarnummar')).toBe('');
    expect(value('Kontonummar')).toBe('');
    expect(screen.getByRole('button', { name: 'Stovna gjaldsavtalu' })).toBeTruthy();
  });

  it('checks the bank numbers under their fields before sending', async () => {
    const sent = mockApi({});
    const { user, onSaved } = open();
    await user.type(screen.getByLabelText('Skrásetingarnummar'), '64');
    await user.click(screen.getByRole('button', { name: 'Stovna gjaldsavtalu' }));
    await waitFor(() =>
      expect(fieldError('Skrásetingarnummar')).toBe(translate('validation.registrationNumber')),
    );
    expect(fieldError('Fulla navn')).toBeNull();
    // A new agreement needs the account number (an edit may leave it empty).
    await user.type(screen.getByLabelText('Skrásetingarnummar'), '60');
    await user.click(screen.getByRole('button', { name: 'Stovna gjaldsavtalu' }));
    await waitFor(() => expect(fieldError('Kontonummar')).toBe('Teigurin er kravdur.'));
    expect(fieldError('Skrásetingarnummar')).toBeNull();
    expect(sent).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('creates the agreement', async () => {
    const sent = mockApi({ 'POST /payment-agreement': { status: 201, body: saved } });
    const { user, onSaved } = open();
    await user.type(screen.getByLabelText('Skrásetingarnummar'), '6460');
    await user.type(screen.getByLabelText('Kontonummar'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Stovna gjaldsavtalu' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('create'));
    expect(sent).toMatchObject([
      {
        method: 'POST',
        path: '/payment-agreement',
        body: { ...suggested, registrationNumber: '6460', accountNumber: '12345678' },
      },
    ]);
  });

  it('edits a saved one, keeping the account number when it is left empty', async () => {
    const sent = mockApi({ 'PATCH /payment-agreement': { body: saved } });
    const { user, onSaved } = open(saved);
    expect(screen.getByText(/••••5678/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Goym broytingar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('update'));
    expect(sent[0]?.method).toBe('PATCH');
    expect(sent[0]?.body).not.toHaveProperty('accountNumber');
  });

  it('shows the server’s field errors under their fields, anything else as a toast', async () => {
    mockApi({
      'POST /payment-agreement': apiError(400, 'VALIDATION', 'Ein teigur er skeivur.', {
        phone: 'Vinaliga skriva eitt gildigt telefonnummar.',
      }),
    });
    const { user, onSaved } = open();
    await user.type(screen.getByLabelText('Skrásetingarnummar'), '6460');
    await user.type(screen.getByLabelText('Kontonummar'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Stovna gjaldsavtalu' }));
    await waitFor(() =>
      expect(fieldError('Telefonnummar')).toBe('Vinaliga skriva eitt gildigt telefonnummar.'),
    );

    mockApi({
      'POST /payment-agreement': apiError(409, 'CONFLICT', 'Hetta ber ikki til, sum støðan er nú.'),
    });
    await user.click(screen.getByRole('button', { name: 'Stovna gjaldsavtalu' }));
    await waitFor(() => expect(toasts('error')).toEqual(['Hetta ber ikki til, sum støðan er nú.']));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
