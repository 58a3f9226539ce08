// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../test/api.ts';
import { live } from '../test/fixtures.ts';
import { members, renderConsole, setUpTexts } from '../test/render.tsx';

/** A station's switches as the API answers them: nothing out of service. */
const settled = {
  closedPumps: [],
  closedBays: [],
  kitchenPaused: false,
  kitchenAutoAccept: false,
  kitchenPrepMinutes: 10,
};

beforeAll(() => setUpTexts());

describe('StationsScreen', () => {
  it('opens a station’s live screen from its row', async () => {
    mockApi({
      'GET /admin/stations?take=100': {
        body: {
          total: 1,
          items: [
            {
              id: 1,
              name: 'Støð Tórshavn Miðbýur',
              address: 'Niels Finsens gøta 20, 100 Tórshavn',
              tokheimStationId: 'TK1001',
              services: ['fuel', 'carwash', 'food'],
              openingHours: Array.from({ length: 7 }, () => null),
              ...settled,
            },
          ],
        },
      },
      'GET /admin/stations/1/live': { body: live() },
    });
    const { router, user } = renderConsole('/stations', members.kitchen);
    const list = await screen.findByTestId('console-stations');
    await user.click(within(list).getByRole('link', { name: /Støð Tórshavn Miðbýur/ }));
    expect(router.state.location.pathname).toBe('/stations/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Støð Tórshavn Miðbýur' }),
    ).toBeTruthy();
    // The stations section stays the current one in the navigation.
    const nav = screen.getByRole('navigation', { name: 'Stýriborð' });
    expect(within(nav).getByRole('link', { name: 'Støðir' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('leads kitchen staff and operators to the kitchen of a food station', async () => {
    const stations = {
      total: 2,
      items: [
        {
          id: 1,
          name: 'Støð Tórshavn Miðbýur',
          address: 'Niels Finsens gøta 20, 100 Tórshavn',
          tokheimStationId: 'TK1001',
          services: ['fuel', 'carwash', 'food'],
          openingHours: Array.from({ length: 7 }, () => null),
          ...settled,
        },
        {
          id: 4,
          name: 'Støð Argir',
          address: 'Argjavegur 40, 165 Argir',
          tokheimStationId: 'TK1004',
          services: ['fuel'],
          openingHours: Array.from({ length: 7 }, () => null),
          ...settled,
        },
      ],
    };
    mockApi({ 'GET /admin/stations?take=100': { body: stations } });
    const { router, user, unmount } = renderConsole('/stations', members.operator);
    const list = await screen.findByTestId('console-stations');
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[1]!).queryByRole('link', { name: 'Køkur' })).toBeNull();
    await user.click(within(rows[0]!).getByRole('link', { name: 'Køkur' }));
    expect(router.state.location.pathname).toBe('/kitchen/1');
    unmount();

    // Station staff watch pumps and bays; the kitchen is not theirs.
    mockApi({ 'GET /admin/stations?take=100': { body: stations } });
    renderConsole('/stations', members.station);
    await screen.findByTestId('console-stations');
    expect(screen.queryByRole('link', { name: 'Køkur' })).toBeNull();
  });
});
