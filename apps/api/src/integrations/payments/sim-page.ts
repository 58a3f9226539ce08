import { translate, translateServer, type MessageKey, type ServerMessageKey } from '@stod/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml, htmlPage, inBothLanguages } from '../../lib/html.ts';
import { GatewayError, type CardSession } from './port.ts';
import { signWebhook } from './signature.ts';
import type { gatewaySim } from './sim.ts';

const says = (key: ServerMessageKey, params?: Record<string, string>) =>
  escapeHtml(inBothLanguages(key, params));
/** The app's own words for a card refused, in both languages like the rest of the page. */
const saysApp = (key: MessageKey) => `${translate(key, 'fo')} · ${translate(key, 'en')}`;

const FAILURES: Partial<Record<GatewayError['code'], MessageKey>> = {
  invalid_card: 'validation.cardNumber',
  declined: 'error.paymentUnsuccessful',
  expired_card: 'error.cardExpired',
};
const failureText = (code: GatewayError['code']) =>
  saysApp(FAILURES[code] ?? 'error.paymentUnsuccessful');

const STYLE = `body{background:#f3f5f7;font-size:16px;line-height:1.45}
main{max-width:28rem}
h1{margin:0 0 8px;font-size:22px}
.note{margin:0 0 16px;color:#47525c;font-size:14px}
.card{display:grid;gap:14px;padding:20px;border-radius:16px;background:#fff;box-shadow:0 1px 3px #0002}
label{display:grid;gap:6px;min-width:0;font-size:14px;font-weight:600}
input{width:100%;min-width:0;min-height:48px;padding:12px;border:1px solid #6b7680;border-radius:10px;font:inherit;font-size:17px;background:#fff;color:inherit}
.row{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:10px;align-items:end}
button,.back{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;padding:8px 16px;border-radius:12px;font:inherit;font-size:17px;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.primary{border:0;background:#0b6e69;color:#fff}
.secondary,.back{border:1px solid #0b6e69;background:#fff;color:#0b6e69}
.cancel{margin-top:12px}
.error{margin:0;color:#b42318;font-weight:600}
.ended{display:grid;gap:16px;padding:20px;border-radius:16px;background:#fff}
.ended p{margin:0}`;

interface PageInput {
  session: CardSession;
  brand: string;
  error?: string | undefined;
}

function entryForm(session: CardSession, error: string | undefined) {
  const field = (key: ServerMessageKey, name: string, extra: string) =>
    `<label>${says(key)}<input name="${name}" inputmode="numeric" autocomplete="off" required ${extra}></label>`;
  const action = `/api/sim/gateway/checkout/${encodeURIComponent(session.id)}`;
  return `<form class="card" method="post" action="${action}" autocomplete="off">
${field('gateway.cardNumber', 'number', 'maxlength="23" placeholder="4242 4242 4242 4242"')}
<div class="row">
${field('gateway.month', 'expMonth', 'maxlength="2" placeholder="12"')}
${field('gateway.year', 'expYear', 'maxlength="4" placeholder="2030"')}
${field('gateway.cvc', 'cvc', 'maxlength="4" placeholder="123"')}
</div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button class="primary" type="submit">${says('gateway.save')}</button>
</form>
<form class="cancel" method="post" action="${action}/cancel">
<button class="secondary" type="submit">${says('gateway.cancel')}</button>
</form>`;
}

/** The hosted card-entry page; a session that is over offers the way back to the app. */
function page({ session, brand, error }: PageInput) {
  const body =
    session.status === 'open'
      ? entryForm(session, error)
      : `<div class="ended"><p>${says(session.failure === 'cancelled' ? 'gateway.cancelled' : 'gateway.inactive')}</p>
<a class="back" href="${escapeHtml(session.returnUrl)}">${says('gateway.backToApp')}</a></div>`;
  const testCards = { good: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };
  return htmlPage({
    lang: 'fo',
    title: translateServer('gateway.title', 'fo', { brand }),
    style: STYLE,
    body: `<h1>${says('gateway.title', { brand })}</h1>
<p class="note">${says('gateway.simulator')} ${says('gateway.testCards', testCards)}</p>
${body}`,
  });
}

const notFoundPage = () =>
  htmlPage({ lang: 'fo', title: '404', style: '', body: `<p>${says('gateway.notFound')}</p>` });

const formSchema = z.object({
  number: z.string().max(30),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
});

/** The return address with the outcome a cancel adds, as gateways add theirs. */
function cancelledReturn(returnUrl: string) {
  try {
    const url = new URL(returnUrl);
    url.searchParams.set('outcome', 'cancelled');
    return url.toString();
  } catch {
    return returnUrl;
  }
}

/**
 * The simulator's hosted card-entry page. On a good card it sends the API a signed webhook, as a
 * real gateway would, and sends the customer back; on cancel it ends the session as failed
 * (`cancelled`), tells the API the same way, and sends the customer back with
 * `outcome=cancelled`.
 */
export function registerGatewaySimPage(app: FastifyInstance, sim: ReturnType<typeof gatewaySim>) {
  const brand = app.ctx.config.BRAND_NAME;
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

  /** Tells the API what became of a session; a lost webhook is no loss, the app's polling settles it too. */
  const notify = async (
    log: FastifyInstance['log'],
    type: 'card_session.completed' | 'card_session.failed',
    sessionId: string,
  ) => {
    const payload = JSON.stringify({ type, sessionId });
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-gateway-signature': signWebhook(app.ctx.config.GATEWAY_WEBHOOK_SECRET, payload),
      },
      payload,
    });
    if (delivered.statusCode >= 300)
      log.warn({ status: delivered.statusCode }, 'webhook not accepted');
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
          if (!session) return send(reply, notFoundPage(), 404);
          return send(reply, page({ session, brand }));
        },
      );

      scope.post<{ Params: { id: string }; Body: Record<string, string> }>(
        '/checkout/:id',
        { schema: { hide: true } },
        async (request, reply) => {
          const session = await load(request.params.id);
          if (!session) return send(reply, notFoundPage(), 404);
          const form = formSchema.safeParse(request.body);
          if (!form.success)
            return send(reply, page({ session, brand, error: failureText('invalid_card') }), 422);
          try {
            await sim.enterCard(session.id, form.data);
          } catch (error) {
            if (!(error instanceof GatewayError)) throw error;
            return send(reply, page({ session, brand, error: failureText(error.code) }), 422);
          }
          await notify(request.log, 'card_session.completed', session.id);
          return reply.redirect(session.returnUrl, 303);
        },
      );

      scope.post<{ Params: { id: string } }>(
        '/checkout/:id/cancel',
        { schema: { hide: true } },
        async (request, reply) => {
          const session = await load(request.params.id);
          if (!session) return send(reply, notFoundPage(), 404);
          const after = await sim.cancelSession(session.id);
          // A card saved before the cancel arrived stays saved; the app finds it on return.
          if (after.status === 'completed') return reply.redirect(after.returnUrl, 303);
          if (after.status === 'failed') await notify(request.log, 'card_session.failed', after.id);
          return reply.redirect(cancelledReturn(after.returnUrl), 303);
        },
      );
      done();
    },
    { prefix: '/api/sim/gateway' },
  );
}
