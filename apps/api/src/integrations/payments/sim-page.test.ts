import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { expectFitsPhone } from '../../test/html.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://app.test' });
});
afterAll(() => t.close());

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

/** Starts card entry for a new user: the hosted page's path and the app's session id. */
async function start() {
  const user = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment-methods',
    headers: bearer(user.token),
    payload: { returnPath: '/profile/payment-methods' },
  });
  expect(res.statusCode).toBe(201);
  const { url, sessionId } = res.json<{ url: string; sessionId: string }>();
  return { user, path: new URL(url).pathname, sessionId };
}

const status = (token: string, id: string) =>
  t.app.inject({ url: `/api/payment-methods/sessions/${id}`, headers: bearer(token) });

const cancel = (path: string) =>
  t.app.inject({ method: 'POST', url: `${path}/cancel`, headers: formHeaders, payload: '' });

describe("the card gateway's hosted page", () => {
  it('fits a phone: a viewport meta, nothing wider than the screen, inputs that shrink', async () => {
    const { path } = await start();
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expectFitsPhone(page.body);
    // Three fields share a row; each column may shrink below its input's natural width.
    expect(page.body).toContain('grid-template-columns:repeat(3,minmax(0,1fr))');
    expect(page.body).toMatch(/input\{width:100%;min-width:0/);
    // Nothing takes the focus on load, which would scroll the page and raise the keyboard.
    expect(page.body).not.toContain('autofocus');
    // The texts the app and its tests know stay as they were.
    expect(page.body).toContain('Kortnummar · Card number');
    expect(page.body).toContain('Goym kort · Save card');
    expect(page.body).toContain('<h1>Støð Pay</h1>');
  });

  it('offers Angra · Cancel in a form of its own, outside the card form', async () => {
    const { path } = await start();
    const html = (await t.app.inject({ url: path })).body;
    const cancelForm =
      /<form class="cancel" method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
    expect(cancelForm?.[1]).toBe(`${path}/cancel`);
    expect(cancelForm?.[2]).toContain('Angra · Cancel');
    expect(cancelForm?.[2]).not.toContain('<input');
  });
});

describe('cancelling on the hosted page', () => {
  it('ends the session as failed (cancelled) and returns to the app with outcome=cancelled', async () => {
    const { user, path, sessionId } = await start();
    const res = await cancel(path);
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location!);
    expect(`${back.origin}${back.pathname}`).toBe('http://app.test/profile/payment-methods');
    expect(back.searchParams.get('cardSession')).toBe(sessionId);
    expect(back.searchParams.get('outcome')).toBe('cancelled');
    // The app's polling sees a session that will never complete, and why.
    for (let i = 0; i < 2; i += 1) {
      expect((await status(user.token, sessionId)).json()).toEqual({
        status: 'failed',
        failure: 'cancelled',
        paymentMethod: null,
      });
    }
    const list = await t.app.inject({ url: '/api/payment-methods', headers: bearer(user.token) });
    expect(list.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('shows a cancelled page the way back, and takes no card after it', async () => {
    const { user, path, sessionId } = await start();
    await cancel(path);
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      'Tú angraði. Einki kort varð goymt. · You cancelled. No card was saved.',
    );
    expect(page.body).toContain(
      `href="http://app.test/profile/payment-methods?cardSession=${sessionId}"`,
    );
    expect(page.body).not.toContain('<input');
    expectFitsPhone(page.body);
    const late = await t.app.inject({
      method: 'POST',
      url: path,
      headers: formHeaders,
      payload: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expMonth: '12',
        expYear: '2030',
        cvc: '123',
      }).toString(),
    });
    expect(late.statusCode).toBe(422);
    expect((await status(user.token, sessionId)).json()).toMatchObject({
      status: 'failed',
      paymentMethod: null,
    });
    // A second cancel changes nothing and sends the customer back again.
    const again = await cancel(path);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain('outcome=cancelled');
  });

  it('leaves a card saved before the cancel arrived saved', async () => {
    const { user, path, sessionId } = await start();
    const saved = await t.app.inject({
      method: 'POST',
      url: path,
      headers: formHeaders,
      payload: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expMonth: '12',
        expYear: '2030',
        cvc: '123',
      }).toString(),
    });
    expect(saved.statusCode).toBe(303);
    const res = await cancel(path);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `http://app.test/profile/payment-methods?cardSession=${sessionId}`,
    );
    expect((await status(user.token, sessionId)).json()).toMatchObject({ status: 'completed' });
  });

  it("answers 404 for an unknown session, and another user never sees one's cancelled session", async () => {
    const missing = await cancel('/api/sim/gateway/checkout/cs_no-such-session');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Síðan finst ikki. · Page not found.');
    const { path, sessionId } = await start();
    await cancel(path);
    const stranger = await registerUser(t.app);
    const res = await status(stranger.token, sessionId);
    expect(res.statusCode).toBe(404);
  });
});
