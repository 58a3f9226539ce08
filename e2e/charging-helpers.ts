import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { TestUser } from './fixtures.ts';
import { auth } from './stations-helpers.ts';

/**
 * What the charging journeys share: the seeded installations as the API lists them, the
 * simulated chargers' dev controls (what a driver does at the charger), and the charge as the
 * API answers it.
 *
 * The simulated chargers must be driven by the test alone: the e2e server runs with
 * SIM_AUTO_CUSTOMER=false (no simulated driver plugs a car in by itself) and SIM_SPEED=5, so a
 * charger sends a meter value every 2 seconds instead of every 10.
 */

export interface ConnectorJson {
  connectorId: number;
  status: string;
}

export interface ChargerJson {
  id: string;
  identity: string;
  connectors: ConnectorJson[];
}

export interface InstallationJson {
  id: string;
  name: string;
  access: 'own' | 'public' | 'shared';
  chargers: ChargerJson[];
}

export interface ChargeJson {
  id: string;
  state: string;
  label: string;
  installationId: string;
  chargerId: string;
  connectorId: number;
  charger: { status: string };
  held: number;
  captured: number;
  released: number;
  kwh: number;
  amount: number;
  receiptId: string | null;
  finishedAt: string | null;
}

/** A seeded public installation, as the user sees it in GET /api/installations. */
export async function installationNamed(
  request: APIRequestContext,
  user: TestUser,
  name: string,
): Promise<InstallationJson> {
  const response = await request.get('/api/installations', { headers: auth(user) });
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: InstallationJson[] };
  const installation = items.find((i) => i.name === name);
  if (!installation) throw new Error(`no seeded installation ${name}`);
  return installation;
}

export function chargerOf(installation: InstallationJson, identity: string): ChargerJson {
  const charger = installation.chargers.find((c) => c.identity === identity);
  if (!charger) throw new Error(`no charger ${identity} at ${installation.name}`);
  return charger;
}

export type ChargerAction = 'plug' | 'unplug' | 'fault' | 'unavailable' | 'offline' | 'online';

/** The simulator's dev control: what happens at the charger. */
export async function atCharger(
  request: APIRequestContext,
  identity: string,
  connectorId: number,
  action: ChargerAction,
) {
  const response = await request.post('/api/dev/sim/chargers', {
    data: { identity, connectorId, action },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function chargeViaApi(
  request: APIRequestContext,
  user: TestUser,
  id: string,
): Promise<ChargeJson> {
  const response = await request.get(`/api/charges/${id}`, { headers: auth(user) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ChargeJson;
}

export async function activeChargeViaApi(request: APIRequestContext, user: TestUser) {
  const response = await request.get('/api/charges/active', { headers: auth(user) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { charge: ChargeJson | null }).charge;
}

/** The connector's tile on an installation's screen (or the charge screen's choice). */
export function connectorTile(page: Page, identity: string, connectorId: number): Locator {
  return page
    .locator(`[data-testid="charger"][data-identity="${identity}"]`)
    .locator(`[data-testid="connector"][data-connector-id="${String(connectorId)}"]`);
}

/** '12,35' (the charge screen's kWh) as a number. */
export const kwhOf = (text: string | null) => Number((text ?? '').replace(',', '.'));

export const kwhOnScreen = async (page: Page) =>
  kwhOf(await page.getByTestId('charge-kwh').textContent());

/** Two readings of the charge screen's kWh, the later one larger: the energy rises by itself. */
export async function expectKwhRising(page: Page): Promise<number> {
  await expect.poll(() => kwhOnScreen(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const earlier = await kwhOnScreen(page);
  await expect.poll(() => kwhOnScreen(page), { timeout: 30_000 }).toBeGreaterThan(earlier);
  return earlier;
}

/** The charge screen's state, and its current §4 label in the steps. */
export const chargeOnScreen = (page: Page) => page.getByTestId('charge');
export const currentChargeStep = (page: Page) =>
  page.getByTestId('charge-steps').locator('[aria-current="step"]');
