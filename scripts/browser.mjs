// Finds the Chromium the e2e tests drive: CHROME_PATH, else Debian's, else Playwright's own.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own installed.
  }
  return null;
}
