import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPaths, isBelow, paths } from './paths.ts';

const src = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * A route path written as a literal where the app links, navigates or redirects: `to="/x"`,
 * `to={'/x'}`, `to={`/x`}`, `to: '/x'`, `navigate('/x')`, `<Navigate to="/x">`, `href="/x"`,
 * `redirect('/x')`, and a route of the table (`page('/x', …)`, `path: '/x'`). A path built from
 * the registry (`paths.x`) is not a literal.
 */
const LITERAL_ROUTE =
  /\b(?:to|href)\s*(?:=\s*\{?\s*|:\s*)['"`]\/|\bpath:\s*['"`]\/|\b(?:navigate|redirect|page)\(\s*['"`]\/|<Navigate\b[^>]*\bto=\{?\s*['"`]\//g;

function literalRoutes(text: string): string[] {
  return [...text.matchAll(LITERAL_ROUTE)].map((m) => m[0]);
}

describe('the paths registry', () => {
  it('is the only place in the app with literal route paths', () => {
    const found = sourceFiles(src)
      .filter((file) => relative(src, file) !== join('lib', 'paths.ts'))
      .flatMap((file) =>
        literalRoutes(readFileSync(file, 'utf8')).map((hit) => `${relative(src, file)}: ${hit}`),
      );
    expect(found).toEqual([]);
  });

  it('finds the literals it looks for', () => {
    const samples = [
      '<Link to="/profile">',
      "<ButtonLink to={'/home'} replace>",
      '<ListItem to={`/profile/receipts/${id}`} />',
      "{ to: '/fuel/stations', icon: Fuel }",
      "void navigate('/no-network');",
      'await navigate(`/profile/user/verify-email/${email}`);',
      '<Navigate to={`/${flow}/stations/no-payment`} replace />',
      '<a href="/login">',
      "return redirect('/home');",
      "page('/profile', { name: 'profile' }, screens.profile),",
      "{ path: '/no-network', handle },",
    ];
    for (const sample of samples) expect(literalRoutes(sample), sample).toHaveLength(1);
    const allowed = [
      '<Link to={paths.profile}>',
      'void navigate(-1);',
      '<a href={`tel:${phone}`}>',
      "<a href={'mailto:' + email}>",
      '<a href="https://www.openstreetmap.org/copyright">',
      'return redirect(path);',
      "const path = `/${parts.join('/')}`;",
    ];
    for (const sample of allowed) expect(literalRoutes(sample), sample).toEqual([]);
  });

  it('builds parametrised paths with their values encoded, and keeps their patterns', () => {
    expect(paths.receipt('5b0e7c52')).toBe('/profile/receipts/5b0e7c52');
    expect(paths.receipt.pattern).toBe('/profile/receipts/:id');
    expect(paths.verifyEmail('a+b@c.fo')).toBe('/profile/user/verify-email/a%2Bb%40c.fo');
    expect(paths.fuelDeepLink(12, 3)).toBe('/fuel/12/3');
    expect(paths.fuelDeepLink.pattern).toBe('/fuel/:stationId/:pumpNumber');
    expect(paths.installationShareUser('a/b', 8)).toBe('/profile/installations/a%2Fb/share/8');
    expect(paths.homeHash('abc')).toBe('/abc');
  });

  it('puts the own-card segment where the configuration says', () => {
    const other = createPaths('kortid');
    expect(other.ownCardCreate).toBe('/profile/payment-methods/kortid/create');
    expect(other.registerOwnCardAdd).toBe('/register-user/payment-methods/kortid/add');
    expect(other.ownCardAddComplete).toBe('/profile/payment-methods/kortid/add/complete');
  });

  it('tells a path below another from the path itself', () => {
    expect(isBelow('/profile/user', paths.profile)).toBe(true);
    expect(isBelow(paths.profile, paths.profile)).toBe(false);
    expect(isBelow('/profiles', paths.profile)).toBe(false);
  });
});
