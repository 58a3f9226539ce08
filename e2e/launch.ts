import type { LaunchOptions } from '@playwright/test';

/** How every spec's Chromium starts: the system's browser, as root, with no calls home. */
export const LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The same browser with more flags, for a spec that needs them (a fake camera). */
export function launchWith(...args: string[]): LaunchOptions {
  return { ...LAUNCH_OPTIONS, args: [...(LAUNCH_OPTIONS.args ?? []), ...args] };
}
