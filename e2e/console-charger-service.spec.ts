import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { operatorHeaders, registerViaApi } from './fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

test('an operator takes a charger registered by mistake out of service and makes its installation private, and customers no longer see it', async ({
  page,
  request,
}) => {
  // A test charger, registered as by mistake: public, so every customer's list shows it.
  const identity = `E2E-MISTAKE-${String(Date.now())}`;
  const registered = await request.post('/api/admin/chargers', {
    headers: await operatorHeaders(request),
    data: {
      chargers: [
        {
          identity,
          installation: { name: `Royndarstøð ${identity}`, lat: 62.0, lng: -6.78, public: true },
          connectors: 2,
          maxPowerKw: 22,
          tariff: { type: 'kWh', price: 350 },
        },
      ],
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
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
