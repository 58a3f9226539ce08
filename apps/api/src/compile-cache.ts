import { fileURLToPath } from 'node:url';

/**
 * V8 keeps the compiled code of the modules between starts, in the repository's own cache (as
 * db/pglite-template.ts keeps its). It applies to modules loaded after the call, so a process
 * calls it first and loads the rest with dynamic imports. A Node older than 22.1 has none and
 * starts without it.
 */
export async function keepCompiledCode() {
  const { enableCompileCache } = (await import('node:module')) as Partial<
    typeof import('node:module')
  >;
  enableCompileCache?.(
    fileURLToPath(new URL('../../../node_modules/.cache/stod-api/compile', import.meta.url)),
  );
}
