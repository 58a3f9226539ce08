// `npm install` runs this once (scripts/prepare.mjs), so that the first `npm start` is as quick
// as the next: it makes what a start would otherwise make on its first run and keep in
// node_modules/.cache/stod-api. That is the migrated embedded-database template, the demo
// pictures the seed draws, and V8's compiled code of the server's modules. It goes through the
// server's own start (database, app, seed) on a throwaway data directory and then deletes it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepCompiledCode } from '../compile-cache.ts';

await keepCompiledCode();

const dataDir = mkdtempSync(join(tmpdir(), 'stod-warm-'));
const started = Date.now();
try {
  const { loadConfig } = await import('../config.ts');
  // The embedded database, whatever the shell points at: the template is what is being made.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const config = loadConfig(env);
  const [{ openDatabase }, { buildApp }, { seedIfEmpty }] = await Promise.all([
    import('../db/client.ts'),
    import('../app.ts'),
    import('../seed/index.ts'),
  ]);
  const database = await openDatabase({
    dataDir,
    simulators: config.simulators.length > 0,
  });
  try {
    const app = await buildApp(config, { database });
    await seedIfEmpty(app.ctx);
    await app.close();
  } finally {
    await database.close();
  }
  console.log(`api: the first start's caches are made (${String(Date.now() - started)} ms)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
