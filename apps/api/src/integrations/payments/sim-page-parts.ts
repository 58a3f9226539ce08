import { translate, translateServer, type MessageKey, type ServerMessageKey } from '@stod/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml, htmlPage, inBothLanguages } from '../../lib/html.ts';
import type { GatewayError } from './port.ts';
import { signWebhook } from './signature.ts';

// What the simulator's hosted pages share: the words, the look, the card form and the webhook.

export const says = (key: ServerMessageKey, params?: Record<string, string>) =>
  escapeHtml(inBothLanguages(key, params));
/** The app's own words for a card refused, in both languages like the rest of the page. */
const saysApp = (key: MessageKey) => `${translate(key, 'fo')} · ${translate(key, 'en')}`;

const FAILURES: Partial<Record<GatewayError['code'], MessageKey>> = {
  invalid_card: 'validation.cardNumber',
  declined: 'error.paymentUnsuccessful',
  expired_card: 'error.cardExpired',
};
export const failureText = (code: GatewayError['code']) =>
  saysApp(FAILURES[code] ?? 'error.paymentUnsuccessful');

export const STYLE = `body{background:#f3f5f7;font-size:16px;line-height:1.45}
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
.ended p{margin:0}
.summary{display:flex;justify-content:space-between;gap:12px;margin:0;font-size:17px}`;

/** The card fields and the cancel form, posting to `action`; `above` goes first in the card. */
export function entryForm(action: string, submit: string, error: string | undefined, above = '') {
  const field = (key: ServerMessageKey, name: string, extra: string) =>
    `<label>${says(key)}<input name="${name}" inputmode="numeric" autocomplete="off" required ${extra}></label>`;
  return `<form class="card" method="post" action="${action}" autocomplete="off">
${above}${field('gateway.cardNumber', 'number', 'maxlength="23" placeholder="4242 4242 4242 4242"')}
<div class="row">
${field('gateway.month', 'expMonth', 'maxlength="2" placeholder="12"')}
${field('gateway.year', 'expYear', 'maxlength="4" placeholder="2030"')}
${field('gateway.cvc', 'cvc', 'maxlength="4" placeholder="123"')}
</div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button class="primary" type="submit">${submit}</button>
</form>
<form class="cancel" method="post" action="${action}/cancel">
<button class="secondary" type="submit">${says('gateway.cancel')}</button>
</form>`;
}

/** The page around a session's body: the gateway's title and the simulator's test cards. */
export function framed(brand: string, body: string) {
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

/** A session that is over, and the way back to the app. */
export const ended = (text: ServerMessageKey, returnUrl: string) =>
  `<div class="ended"><p>${says(text)}</p>
<a class="back" href="${escapeHtml(returnUrl)}">${says('gateway.backToApp')}</a></div>`;

export const notFoundPage = () =>
  htmlPage({ lang: 'fo', title: '404', style: '', body: `<p>${says('gateway.notFound')}</p>` });

export const formSchema = z.object({
  number: z.string().max(30),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
});

/** The return address with the outcome a cancel adds, as gateways add theirs. */
export function cancelledReturn(returnUrl: string) {
  try {
    const url = new URL(returnUrl);
    url.searchParams.set('outcome', 'cancelled');
    return url.toString();
  } catch {
    return returnUrl;
  }
}

/** Answers a page; the pages are never cached. */
export const sendPage = (reply: FastifyReply, html: string, status = 200) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

export type SessionEvent =
  | 'card_session.completed'
  | 'card_session.failed'
  | 'payment_session.completed'
  | 'payment_session.failed';

/**
 * Tells the API what became of a session through its signed webhook, as a real gateway would; a
 * lost webhook is no loss, the API asks the gateway again.
 */
export async function notifyApi(
  app: FastifyInstance,
  log: FastifyInstance['log'],
  type: SessionEvent,
  sessionId: string,
) {
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
}

/** The simulator's pages post their forms URL-encoded. */
export function acceptForms(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, next) => {
      next(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
