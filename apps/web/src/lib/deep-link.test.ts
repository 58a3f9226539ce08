import { describe, expect, it } from 'vitest';
import { deepLinkPath, fuelTypePath, pumpFromSearch, pumpLinkTarget } from './deep-link.ts';

const origin = 'https://app.stod.example';

describe('deepLinkPath', () => {
  it('takes universal links on the app origin with their query and hash', () => {
    expect(deepLinkPath(`${origin}/profile/payment-methods?session=abc`, origin, 'stod')).toBe(
      '/profile/payment-methods?session=abc',
    );
    expect(deepLinkPath(`${origin}/fuel/12/3#go`, origin, 'stod')).toBe('/fuel/12/3#go');
    expect(deepLinkPath(`${origin}/`, origin, 'stod')).toBe('/');
  });

  it("takes the app's scheme, whose first segment is the URL's host", () => {
    expect(deepLinkPath('stod://profile/payment-methods?session=abc', origin, 'stod')).toBe(
      '/profile/payment-methods?session=abc',
    );
    expect(deepLinkPath('stod://home', null, 'stod')).toBe('/home');
    expect(deepLinkPath('stod:///home', null, 'stod')).toBe('/home');
  });

  it('refuses other origins, other schemes, the API and garbage', () => {
    expect(deepLinkPath('https://evil.example/profile', origin, 'stod')).toBeNull();
    expect(deepLinkPath('http://app.stod.example/profile', origin, 'stod')).toBeNull();
    expect(deepLinkPath('other://profile', origin, 'stod')).toBeNull();
    expect(deepLinkPath(`${origin}/api/user/v2`, origin, 'stod')).toBeNull();
    expect(deepLinkPath('stod://api/dev/outbox', origin, 'stod')).toBeNull();
    expect(deepLinkPath('not a url', origin, 'stod')).toBeNull();
    expect(deepLinkPath(`${origin}/home`, null, 'stod')).toBeNull();
  });

  it('collapses doubled slashes, so the path cannot name another host', () => {
    expect(deepLinkPath(`${origin}//evil.example/x`, origin, 'stod')).toBe('/evil.example/x');
  });
});

describe('the pump QR code', () => {
  it('leads to the fuel screen with the pump chosen', () => {
    expect(pumpLinkTarget('12', '3')).toBe('/fuel/stations/12/type?pump=3');
    expect(fuelTypePath(12, 3)).toBe('/fuel/stations/12/type?pump=3');
  });

  it('names a station and a pump with digits only', () => {
    expect(pumpLinkTarget('12', '0')).toBeNull();
    expect(pumpLinkTarget('x', '3')).toBeNull();
    expect(pumpLinkTarget('12', '3a')).toBeNull();
    expect(pumpLinkTarget(undefined, '3')).toBeNull();
  });

  it('reads the chosen pump from the address', () => {
    expect(pumpFromSearch(new URLSearchParams('pump=4'))).toBe(4);
    expect(pumpFromSearch(new URLSearchParams('pump=-1'))).toBeNull();
    expect(pumpFromSearch(new URLSearchParams(''))).toBeNull();
  });
});
