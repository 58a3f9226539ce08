import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { GatewayError, type CardSession } from './port.ts';
import { signWebhook } from './signature.ts';
import type { gatewaySim } from './sim.ts';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

const FAILURES: Partial<Record<GatewayError['code'], string>> = {
  invalid_card: 'Kortnummarið er ikki gyldugt. · The card number is not valid.',
  declined:
    'Gjaldið miseydnaðist (kanna kortnummarið). · Payment unsuccessful (check the card number).',
  expired_card: 'Kortið er útgingið. · The card has expired.',
};

function page(session: CardSession, error?: string) {
  const body =
    session.status === 'open'
      ? `<form method="post" autocomplete="off">
  <label>Kortnummar · Card number<input name="number" inputmode="numeric" required maxlength="23" placeholder="4242 4242 4242 4242" autofocus></label>
  <div class="row">
    <label>Mánaður · Month<input name="expMonth" inputmode="numeric" required maxlength="2" placeholder="12"></label>
    <label>Ár · Year<input name="expYear" inputmode="numeric" required maxlength="4" placeholder="2030"></label>
    <label>CVC<input name="cvc" inputmode="numeric" required maxlength="4" placeholder="123"></label>
  </div>
  ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
  <button type="submit">Goym kort · Save card</button>
</form>`
      : `<p>Hendan síðan er ikki longur virkin. · This page is no longer active.</p>`;
  return `<!doctype html>
<html lang="fo"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Støð Pay</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f5f7;margin:0;color:#0b1620}
main{max-width:420px;margin:0 auto;padding:24px}
h1{font-size:20px}.note{color:#47525c;font-size:14px}
form{background:#fff;border-radius:16px;padding:20px;display:grid;gap:14px;box-shadow:0 1px 3px #0002}
label{display:grid;gap:6px;font-size:14px;font-weight:600}
input{font-size:17px;padding:12px;border:1px solid #9aa5ae;border-radius:10px;min-height:44px}
.row{display:grid;grid-template-columns:1fr 1fr 1fr;gap:10px}
button{min-height:48px;border:0;border-radius:12px;background:#0b6e69;color:#fff;font-size:17px;font-weight:600}
.error{color:#b42318;font-weight:600;margin:0}
</style></head>
<body><main>
<h1>Støð Pay</h1>
<p class="note">Kortgjaldssimulatorur · Card payment simulator. 4242 4242 4242 4242 virkar · works; 4000 0000 0000 0002 verður avvíst · is declined.</p>
${body}
</main></body></html>`;
}

const formSchema = z.object({
  number: z.string().max(30),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
});

/**
 * The simulator's hosted card-entry page. On a good card it sends the API a
 * signed webhook, as a real gateway would, and sends the customer back.
 */
export function registerGatewaySimPage(app: FastifyInstance, sim: ReturnType<typeof gatewaySim>) {
  const send = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);

  const load = async (id: string) => {
    try {
      return await sim.getCardSession(id);
    } catch {
      return null;
    }
  };

  void app.register(
    (scope, _opts, done) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, next) => {
          next(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );

      scope.get<{ Params: { id: string } }>(
        '/checkout/:id',
        { schema: { hide: true } },
        async (request, reply) => {
          const session = await load(request.params.id);
          if (!session) return send(reply, '<p>Not found</p>', 404);
          return send(reply, page(session));
        },
      );

      scope.post<{ Params: { id: string }; Body: Record<string, string> }>(
        '/checkout/:id',
        { schema: { hide: true } },
        async (request, reply) => {
          const session = await load(request.params.id);
          if (!session) return send(reply, '<p>Not found</p>', 404);
          const form = formSchema.safeParse(request.body);
          if (!form.success) return send(reply, page(session, FAILURES.invalid_card), 422);
          try {
            await sim.enterCard(session.id, form.data);
          } catch (error) {
            if (!(error instanceof GatewayError)) throw error;
            return send(reply, page(session, FAILURES[error.code] ?? FAILURES.declined), 422);
          }
          const payload = JSON.stringify({ type: 'card_session.completed', sessionId: session.id });
          const delivered = await app.inject({
            method: 'POST',
            url: '/api/payments/webhook',
            headers: {
              'content-type': 'application/json',
              'x-gateway-signature': signWebhook(app.ctx.config.GATEWAY_WEBHOOK_SECRET, payload),
            },
            payload,
          });
          // A lost webhook is no loss: the app's polling settles the session too.
          if (delivered.statusCode >= 300)
            request.log.warn({ status: delivered.statusCode }, 'webhook not accepted');
          return reply.redirect(session.returnUrl, 303);
        },
      );
      done();
    },
    { prefix: '/api/sim/gateway' },
  );
}
