import { describe, expect, it } from 'vitest';
import { defineHandle, type RouteHandleInput } from '../lib/route-meta.ts';
import {
  closestStationSearchFor,
  decideRedirect,
  type NavigationContext,
} from './navigation-rules.ts';

const handle = (input: Partial<RouteHandleInput> = {}) =>
  defineHandle({ name: 'some-route', title: 'route.home', routeIndex: 1, ...input });

const web: NavigationContext = { signedIn: false, native: false, online: true, webFoodOnly: false };

describe('decideRedirect (spec §2 navigation rules)', () => {
  it('sends a guest on an auth-required route to login and keeps the way back', () => {
    expect(decideRedirect(handle({ isAuthRequired: true }), '/profile/user?x=1', web)).toBe(
      '/login?redirect=%2Fprofile%2Fuser%3Fx%3D1',
    );
  });

  it('lets a signed-in user through an auth-required route', () => {
    expect(
      decideRedirect(handle({ isAuthRequired: true }), '/profile', { ...web, signedIn: true }),
    ).toBeNull();
  });

  it('sends a signed-in user on a guest-only route home', () => {
    expect(
      decideRedirect(handle({ isGuestRequired: true }), '/login', { ...web, signedIn: true }),
    ).toBe('/home');
    expect(decideRedirect(handle({ isGuestRequired: true }), '/login', web)).toBeNull();
  });

  it('lets a web guest use food-order routes and open routes such as /stations', () => {
    expect(decideRedirect(handle({ isFoodOrder: true }), '/food-order', web)).toBeNull();
    expect(decideRedirect(handle(), '/stations', web)).toBeNull();
  });

  it('sends a native guest on a food-order route to login', () => {
    expect(
      decideRedirect(handle({ isFoodOrder: true }), '/food-order', { ...web, native: true }),
    ).toBe('/login?redirect=%2Ffood-order');
    expect(
      decideRedirect(handle({ isFoodOrder: true }), '/food-order', {
        ...web,
        native: true,
        signedIn: true,
      }),
    ).toBeNull();
  });

  it('with the web food-only flag, sends every non-food route to /food-order', () => {
    const ctx = { ...web, webFoodOnly: true };
    expect(decideRedirect(handle({ isGuestRequired: true }), '/login', ctx)).toBe('/food-order');
    expect(
      decideRedirect(handle({ isAuthRequired: true }), '/home', { ...ctx, signedIn: true }),
    ).toBe('/food-order');
    expect(decideRedirect(handle({ isFoodOrder: true }), '/food-order', ctx)).toBeNull();
    // Native builds ignore the web flag.
    expect(decideRedirect(handle(), '/stations', { ...ctx, native: true })).toBeNull();
  });

  it('sends everyone to /no-network while offline, except no-network itself', () => {
    const offline = { ...web, online: false };
    expect(decideRedirect(handle({ isAuthRequired: true }), '/home', offline)).toBe('/no-network');
    expect(decideRedirect(handle({ name: 'no-network' }), '/no-network', offline)).toBeNull();
  });

  it('never redirects away from the system screens', () => {
    const ctx = { ...web, webFoodOnly: true };
    for (const name of ['maintenance', 'no-network', 'not-found']) {
      expect(decideRedirect(handle({ name }), `/${name}`, ctx)).toBeNull();
    }
  });
});

describe('closestStationSearchFor (spec §2 rule 6)', () => {
  it('searches when leaving home for the fuel, car wash or food station lists', () => {
    expect(closestStationSearchFor('home', 'fuel-stations')).toBe('fuel');
    expect(closestStationSearchFor('home', 'carwash-stations')).toBe('carwash');
    expect(closestStationSearchFor('home', 'food-stations')).toBe('food');
  });

  it('does not search from anywhere else or for any other route', () => {
    expect(closestStationSearchFor('profile', 'fuel-stations')).toBeNull();
    expect(closestStationSearchFor(null, 'fuel-stations')).toBeNull();
    expect(closestStationSearchFor('fuel-stations', 'fuel-stations')).toBeNull();
    expect(closestStationSearchFor('home', 'stations')).toBeNull();
    expect(closestStationSearchFor('home', 'profile')).toBeNull();
  });
});
