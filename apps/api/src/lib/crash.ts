/**
 * Ends the process at once at a named point when STOD_CRASH_AT names it, so a test can prove
 * that a crash there loses no money. Never in production.
 */
export function crashPoint(name: string) {
  if (process.env.STOD_CRASH_AT === name && process.env.NODE_ENV !== 'production') {
    process.kill(process.pid, 'SIGKILL');
  }
}
