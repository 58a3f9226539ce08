/**
 * Creates an operator, or makes an existing account one, on the configured database
 * (DATABASE_URL, else the PGlite in DATA_DIR):
 *
 *   npm run operator:create -- --email ops@example.fo --password '…' [--name 'Anna Olsen']
 *
 * Exit codes: 0 done, 1 the database or configuration failed, 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import {
  emailField,
  newPasswordField,
  requiredText,
  translate,
  type MessageKey,
} from '@stod/domain';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { saveStaff } from '../modules/admin/index.ts';
import { findUserByEmail } from '../modules/users/index.ts';
import { processLogger } from '../platform/log.ts';
import { createServices } from '../services.ts';

const USAGE =
  'Usage: npm run operator:create -- --email <address> --password <password> [--name <name>]\n' +
  '  Creates an operator, or makes the account with that address an operator.\n' +
  '  --password is needed for a new account; for an existing one it replaces the password.';

const argsSchema = z.object({
  email: emailField,
  password: newPasswordField.optional(),
  name: requiredText(2, 100).optional(),
});

function fail(code: 1 | 2, lines: string[]): never {
  process.stderr.write(`${lines.join('\n')}\n`);
  process.exit(code);
}

function readArgs() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(2, [error instanceof Error ? error.message : String(error), USAGE]);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (values.email === undefined) fail(2, ['--email is required', USAGE]);
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success)
    fail(
      2,
      parsed.error.issues.map(
        (issue) => `--${issue.path.join('.')}: ${translate(issue.message as MessageKey, 'en')}`,
      ),
    );
  return parsed.data;
}

const args = readArgs();
let config;
try {
  config = loadConfig();
} catch (error) {
  fail(1, [error instanceof Error ? error.message : String(error)]);
}
const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;

let outcome: Awaited<ReturnType<typeof saveStaff>>;
try {
  // The same service context as the API's, without HTTP.
  const services = await createServices(config, { log: processLogger(config.LOG_LEVEL) });
  try {
    outcome = await saveStaff(services.ctx.db, {
      email: args.email,
      password: args.password,
      name: args.name ?? args.email.split('@')[0] ?? args.email,
      role: 'operator',
    });
    // A running API keeps sessions a few seconds; with Redis it hears the new role at once.
    const user = outcome === 'updated' ? await findUserByEmail(services.ctx.db, args.email) : null;
    if (user) await services.ctx.bus.publish('user.roleChanged', { userId: user.id });
  } finally {
    await services.close();
  }
} catch (error) {
  fail(1, [
    `Could not save the operator in ${where}:`,
    error instanceof Error ? error.message : String(error),
  ]);
}

if (outcome === 'password-required')
  fail(2, [`No account has the address ${args.email}: give --password to create it.`, USAGE]);
process.stdout.write(
  outcome === 'created'
    ? `Created operator ${args.email} in ${where}.\n`
    : `${args.email} is now an operator in ${where}${args.password ? '; its password was replaced' : ''}.\n`,
);
