import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { operatorHeaders, registerViaApi } from './fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

/** A public test charger at an installation of its own, priced per kWh (øre). */
async function registerPublic(
  request: APIRequestContext,
  identity: string,
  name: string,
  price: number,
) {
  const registered = await request.post('/api/admin/chargers', {
    headers: await operatorHeaders(request),
    data: {
      chargers: [
        {
          identity,
          installation: { name, lat: 62.0, lng: -6.78, public: true },
          connectors: 2,
          maxPowerKw: 22,
          tariff: { type: 'kWh', price },
        },
      ],
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

test('an operator takes a charger registered by mistake out of service and makes its installation private, and customers no longer see it', async ({
  page,
  request,
}) => {
  // A test charger, registered as by mistake: public, so every customer's list shows it.
  const identity = `E2E-MISTAKE-${String(Date.now())}`;
  await registerPublic(request, identity, `Royndarstøð ${identity}`, 350);
  const customer = await registerViaApi(request, 'charger-mistake');
  const listed = async () => {
    const response = await request.get('/api/installations', {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    const { items } = (await response.json()) as {
      items: { name: string; chargers: { identity?: string; id: string }[] }[];
    };
    return items.some((i) => i.name.includes(identity));
  };
  expect(await listed()).toBe(true);

  await signIn(page, OPERATOR);
  await expect(page.getByTestId('console-role')).toBeVisible();
  await page.goto(`/console/chargers/${identity}`);
  const service = page.getByTestId('charger-service');
  await expect(service.getByRole('heading', { level: 2 })).toHaveText('Rekstur');

  // Private: only its owner and those it is shared with see it.
  const installation = service.getByTestId('installation-form');
  await installation.getByLabel('Sjónlig fyri allar kundar').uncheck();
  await installation.getByLabel('Orsøk', { exact: true }).fill('Skrásett av misgáum');
  await installation.getByRole('button', { name: 'Goym' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Broytingin er goymd.');
  await expect.poll(listed).toBe(false);

  // Out of service: it asks first.
  const decommission = service.getByTestId('decommission');
  await decommission.getByRole('button', { name: 'Tak úr nýtslu' }).click();
  const dialog = page.getByTestId('decommission-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(`Taka ${identity} úr nýtslu?`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Tak úr nýtslu' }).click();
  await expect(page.getByTestId('charger-decommissioned')).toContainText('Tikin úr nýtslu');
  await expect(decommission.getByRole('button', { name: 'Set í nýtslu aftur' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot('console-charger-decommissioned-desktop'));

  // The list of chargers says so too.
  await page.goto('/console/chargers');
  await page.getByLabel('Leita').fill(identity);
  await expect(page.locator('[data-state="decommissioned"]')).toHaveText('Úr nýtslu');

  // The audit log kept both, with the reason.
  const audit = await request.get(
    `/api/admin/audit?action=${encodeURIComponent('PATCH /api/admin/installations/:id')}`,
    { headers: await operatorHeaders(request) },
  );
  expect(await audit.text()).toContain('Skrásett av misgáum');
});

test('an operator gives a charger a start fee and an idle fee after a grace, and customers see them before a start', async ({
  page,
  request,
}) => {
  const identity = `E2E-FEES-${String(Date.now())}`;
  await registerPublic(request, identity, `Gjaldstøð ${identity}`, 390);

  await signIn(page, OPERATOR);
  await expect(page.getByTestId('console-role')).toBeVisible();
  await page.goto(`/console/chargers/${identity}`);
  const form = page.getByTestId('tariff-form');
  await form.getByLabel('Byrjanargjald (kr.)').fill('4,50');
  await form.getByLabel('Bíðigjald (kr./min)').fill('0,75');
  // A grace of part of a minute is said at once, and nothing is sent.
  await form.getByLabel('Bíðigjald eftir (min)').fill('1,5');
  await form.getByLabel('Orsøk', { exact: true }).fill('Nýggj gjøld á skjótladarum');
  await form.getByRole('button', { name: 'Goym' }).click();
  await expect(form.getByText('Virðið er ikki gildigt.')).toBeVisible();
  await form.getByLabel('Bíðigjald eftir (min)').fill('20');
  await form.getByRole('button', { name: 'Goym' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Broytingin er goymd.');
  await expectAccessible(page);
  await form.scrollIntoViewIfNeeded();
  await page.screenshot(shot('console-charger-fees-desktop'));
  await page.setViewportSize({ width: 1024, height: 768 });
  await form.scrollIntoViewIfNeeded();
  await page.screenshot(shot('console-charger-fees-tablet'));

  // The customer's app gets the fees with the charger.
  const customer = await registerViaApi(request, 'charger-fees');
  const response = await request.get('/api/installations', {
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  const { items } = (await response.json()) as {
    items: { name: string; chargers: { identity?: string; tariff: object }[] }[];
  };
  const installation = items.find((i) => i.name.includes(identity));
  expect(installation?.chargers[0]?.tariff).toEqual({
    type: 'kWh',
    price: 390,
    startFee: 450,
    idleFee: 75,
    idleGraceMinutes: 20,
  });
});
