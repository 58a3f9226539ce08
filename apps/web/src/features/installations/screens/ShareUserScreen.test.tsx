// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import {
  fieldError,
  renderWithApp,
  screen,
  setUpTexts,
  toasts,
  within,
} from '../../../test/render.tsx';
import {
  GUEST_ID,
  installationUser,
  OWN_ID,
  ownInstallation,
  SHARE_ID,
  sharedInstallation,
} from '../test-fixtures.ts';
import { ShareUserScreen } from './ShareUserScreen.tsx';

const LAST_DAY = 'Seinasti dagur';
const CAP = 'Mark um mánaðin (kWh)';
const PRICE = 'Prísur fyri hvønn kWh (kr.)';

const open = (userId = GUEST_ID) =>
  renderWithApp(<ShareUserScreen />, {
    path: paths.installationShareUser.pattern,
    url: paths.installationShareUser(OWN_ID, userId),
  });

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET /user/installations/${OWN_ID}`]: { body: ownInstallation() },
    [`GET /installations/${OWN_ID}/users`]: { body: { items: [installationUser()] } },
    ...extra,
  });
}

beforeAll(() => setUpTexts(['installations', 'charging']));

describe('ShareUserScreen', () => {
  it('fills the form with the share’s limits as they stand', async () => {
    api({
      [`GET /installations/${OWN_ID}/users`]: {
        body: {
          items: [
            installationUser({
              limits: {
                endsAt: '2026-08-31T23:00:00.000Z',
                monthlyKwhCap: 150,
                pricePerKwh: 125,
                usedThisMonthWh: 4_500,
                refusal: null,
              },
            }),
          ],
        },
      },
    });
    open();
    expect((await screen.findByTestId('share-user-heading')).textContent).toContain(
      'Rógvi Poulsen',
    );
    expect(screen.getByTestId('share-user-heading').textContent).toContain(
      '4,50 av 150 kWh brúkt henda mánaðin',
    );
    expect(screen.getByLabelText<HTMLInputElement>(LAST_DAY).value).toBe('2026-08-31');
    expect(screen.getByLabelText<HTMLInputElement>(CAP).value).toBe('150');
    expect(screen.getByLabelText<HTMLInputElement>(PRICE).value).toBe('1,25');
  });

  it('checks the limits before sending, and sends the price in øre', async () => {
    const sent = api({
      [`PATCH /installations/users/${SHARE_ID}`]: (request) => ({
        body: installationUser({
          limits: { ...installationUser().limits, ...(request.body as object) },
        }),
      }),
    });
    const { user } = open();
    const cap = await screen.findByLabelText(CAP);
    const price = screen.getByLabelText(PRICE);
    await user.type(cap, '0');
    await user.clear(price);
    await user.type(price, '1,505');
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() => expect(fieldError(CAP)).toBe('Skriva eitt heilt tal frá 1 til 10.000.'));
    expect(fieldError(PRICE)).toBe(
      'Prísurin skal vera millum 0,00 og 10,00 kr., skrivaður í krónum.',
    );
    await user.clear(price);
    await user.type(price, '12');
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() =>
      expect(fieldError(PRICE)).toBe(
        'Prísurin skal vera millum 0,00 og 10,00 kr., skrivaður í krónum.',
      ),
    );
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);

    await user.clear(cap);
    await user.type(cap, '150');
    await user.clear(price);
    await user.type(price, '1,50');
    await user.type(screen.getByLabelText(LAST_DAY), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() => expect(toasts('success')).toEqual(['Avmarkingarnar eru goymdar.']));
    expect(sent.filter((r) => r.method === 'PATCH')).toMatchObject([
      {
        path: `/installations/users/${SHARE_ID}`,
        body: { endsAt: '2027-01-01T00:00:00.000Z', monthlyKwhCap: 150, pricePerKwh: 150 },
      },
    ]);
  });

  it('empties the cap and the end date to lift them; an empty price is free', async () => {
    const sent = api({
      [`GET /installations/${OWN_ID}/users`]: {
        body: {
          items: [
            installationUser({
              limits: {
                endsAt: '2026-08-31T23:00:00.000Z',
                monthlyKwhCap: 150,
                pricePerKwh: 125,
                usedThisMonthWh: 0,
                refusal: null,
              },
            }),
          ],
        },
      },
      [`PATCH /installations/users/${SHARE_ID}`]: { body: installationUser() },
    });
    const { user } = open();
    await user.clear(await screen.findByLabelText(CAP));
    await user.clear(screen.getByLabelText(PRICE));
    await user.clear(screen.getByLabelText(LAST_DAY));
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      endsAt: null,
      monthlyKwhCap: null,
      pricePerKwh: 0,
    });
  });

  it('puts the server’s field errors under the owner’s fields', async () => {
    api({
      [`PATCH /installations/users/${SHARE_ID}`]: apiError(
        400,
        'VALIDATION',
        'Einn ella fleiri teigar eru ikki rætt útfyltir.',
        { pricePerKwh: 'Virðið er ikki gildigt.' },
      ),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Goym' }));
    await waitFor(() => expect(fieldError(PRICE)).toBe('Virðið er ikki gildigt.'));
  });

  it('removes the access after a confirmation, and goes back to the installation', async () => {
    const sent = api({ [`DELETE /installations/users/${SHARE_ID}`]: { status: 204 } });
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Tak atgongdina aftur' }));
    const modal = await screen.findByTestId('remove-share-modal');
    expect(modal.textContent).toContain('Taka atgongdina frá Rógvi Poulsen?');
    expect(modal.textContent).toContain('Rógvi Poulsen kann ikki lada á Heima longur.');
    await user.click(within(modal).getByRole('button', { name: 'Angra' }));
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Tak atgongdina aftur' }));
    await user.click(
      within(await screen.findByTestId('remove-share-modal')).getByRole('button', {
        name: 'Tak atgongdina',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.installation(OWN_ID)));
    expect(sent.filter((r) => r.method === 'DELETE')).toMatchObject([
      { path: `/installations/users/${SHARE_ID}` },
    ]);
    expect(toasts('success')).toEqual(['Rógvi Poulsen hevur ikki atgongd longur.']);
  });

  it('says so when the user has no access here, or the screen is not the owner’s', async () => {
    api();
    open('someone-else');
    expect(await screen.findByTestId('share-user-missing')).toBeTruthy();

    const sent = mockApi({
      [`GET /user/installations/${OWN_ID}`]: { body: sharedInstallation({ id: OWN_ID }) },
    });
    open();
    expect((await screen.findAllByTestId('share-user-missing')).length).toBeGreaterThan(0);
    expect(sent.some((r) => r.path.endsWith('/users'))).toBe(false);
  });
});
