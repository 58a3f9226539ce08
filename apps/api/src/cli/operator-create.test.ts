import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { bearer, registerUser, signIn } from '../test/app.ts';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'stod-operator-cli-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the script as `npm run operator:create` does, on the temporary DATA_DIR. */
function run(args: string[], env: Record<string, string> = {}) {
  // The CLI must use the temporary DATA_DIR, not a PostgreSQL the test run may point at.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      tsx,
      ['src/cli/operator-create.ts', ...args],
      { cwd: apiDir, env: { ...inherited, DATA_DIR: dataDir, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** An app on the CLI's database; PGlite takes one process at a time, so it is closed after. */
async function withApp<T>(use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>) {
  const app = await buildApp(testConfig({ DATA_DIR: dataDir }));
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

// Each run starts a TypeScript process and opens PGlite: seconds each on a busy machine.
describe('npm run operator:create', { timeout: 120_000 }, () => {
  it('creates an operator who signs in and reaches the operator routes', async () => {
    const done = await run(['--email', 'Ops@Example.FO', '--password', 'fyrsti-stjori-1']);
    expect(done, done.stderr).toMatchObject({ code: 0 });
    expect(done.stdout).toContain('Created operator ops@example.fo');
    await withApp(async (app) => {
      const res = await signIn(app, 'ops@example.fo', 'fyrsti-stjori-1');
      expect(res.statusCode).toBe(200);
      const token = res.json<{ access_token: string }>().access_token;
      expect(
        (await app.inject({ url: '/api/admin/vouchers', headers: bearer(token) })).statusCode,
      ).toBe(200);
    });
  });

  it('makes an existing customer an operator, keeping the password unless one is given', async () => {
    const customer = await withApp((app) => registerUser(app));
    const promoted = await run(['--email', customer.email]);
    expect(promoted, promoted.stderr).toMatchObject({ code: 0 });
    expect(promoted.stdout).toContain('is now an operator');
    await withApp(async (app) => {
      // The session from before the promotion carries the role at once.
      const headers = bearer(customer.token);
      expect((await app.inject({ url: '/api/admin/vouchers', headers })).statusCode).toBe(200);
      expect((await signIn(app, customer.email, customer.password)).statusCode).toBe(200);
    });
    const reset = await run(['--email', customer.email, '--password', 'nytt-loyniord-2']);
    expect(reset.stdout).toContain('its password was replaced');
    await withApp(async (app) => {
      expect((await signIn(app, customer.email, customer.password)).statusCode).toBe(401);
      expect((await signIn(app, customer.email, 'nytt-loyniord-2')).statusCode).toBe(200);
    });
  });

  it('refuses bad input with exit code 2 and says why', async () => {
    const cases: [string[], RegExp][] = [
      [['--password', 'long-enough-1'], /--email is required/],
      [['--email', 'not-an-address', '--password', 'long-enough-1'], /--email: /],
      [['--email', 'short@example.fo', '--password', 'kort'], /--password: .*8/],
      [['--email', 'a@example.fo', '--password', 'long-enough-1', '--role', 'x'], /Unknown option/],
      [['--email', 'nobody@example.fo'], /give --password to create it/],
    ];
    for (const [args, message] of cases) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
    await withApp(async (app) => {
      expect((await signIn(app, 'short@example.fo', 'kort')).statusCode).toBe(401);
      expect((await signIn(app, 'nobody@example.fo', 'x')).statusCode).toBe(401);
    });
  });

  it('exits with 1 when the database cannot be reached', async () => {
    const result = await run(['--email', 'ops@example.fo', '--password', 'long-enough-1'], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Could not save the operator in PostgreSQL (DATABASE_URL)');
  });
});
