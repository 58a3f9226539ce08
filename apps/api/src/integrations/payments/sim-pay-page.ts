import { formatCurrency } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/html.ts';
import { GatewayError, type PaymentSession } from './port.ts';
import {
  cancelledReturn,
  ended,
  entryForm,
  failureText,
  formSchema,
  framed,
  notFoundPage,
  notifyApi,
  says,
  sendPage,
} from './sim-page-parts.ts';
import type { gatewaySim } from './sim.ts';

/** The hosted payment page: what is bought and its price, the card form, and "Pay". */
function page(session: PaymentSession, brand: string, error?: string) {
  if (session.status !== 'open') {
    const text =
      session.status === 'completed'
        ? 'gateway.paid'
        : session.failure === 'cancelled'
          ? 'gateway.paymentCancelled'
          : 'gateway.inactive';
    return framed(brand, ended(text, session.returnUrl));
  }
  const amount = formatCurrency(session.amount);
  const summary = `<p class="summary"><span>${escapeHtml(session.description)}</span><strong>${escapeHtml(amount)}</strong></p>\n`;
  const action = `/api/sim/gateway/pay/${encodeURIComponent(session.id)}`;
  return framed(brand, entryForm(action, says('gateway.pay', { amount }), error, summary));
}

/**
 * The simulator's hosted payment page, under the card-entry page's prefix. A good card is held for
 * the amount; the page then tells the API (`payment_session.completed`, the signed webhook) and
 * sends the customer back. The declined test card and the other refusals keep the page open with
 * the reason; a cancel ends the session (`payment_session.failed`) and nothing is held.
 */
export function registerPayPage(
  scope: FastifyInstance,
  app: FastifyInstance,
  sim: ReturnType<typeof gatewaySim>,
) {
  const brand = app.ctx.config.BRAND_NAME;
  const load = (id: string) => sim.getPaymentSession(id).catch(() => null);
  type Params = { Params: { id: string } };

  scope.get<Params>('/pay/:id', { schema: { hide: true } }, async (request, reply) => {
    const session = await load(request.params.id);
    if (!session) return sendPage(reply, notFoundPage(), 404);
    return sendPage(reply, page(session, brand));
  });

  scope.post<Params & { Body: Record<string, string> }>(
    '/pay/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const session = await load(request.params.id);
      if (!session) return sendPage(reply, notFoundPage(), 404);
      if (session.status !== 'open') return sendPage(reply, page(session, brand), 409);
      const form = formSchema.safeParse(request.body);
      if (!form.success)
        return sendPage(reply, page(session, brand, failureText('invalid_card')), 422);
      try {
        await sim.payWithCard(session.id, form.data);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        const now = await load(session.id);
        return sendPage(reply, page(now ?? session, brand, failureText(error.code)), 422);
      }
      await notifyApi(app, request.log, 'payment_session.completed', session.id);
      return reply.redirect(session.returnUrl, 303);
    },
  );

  scope.post<Params>('/pay/:id/cancel', { schema: { hide: true } }, async (request, reply) => {
    const session = await load(request.params.id);
    if (!session) return sendPage(reply, notFoundPage(), 404);
    const after = await sim.cancelPaymentSession(session.id);
    // Paid before the cancel arrived: the payment stands, and the app finds it on return.
    if (after.status === 'completed') return reply.redirect(after.returnUrl, 303);
    if (after.status === 'failed')
      await notifyApi(app, request.log, 'payment_session.failed', after.id);
    return reply.redirect(cancelledReturn(after.returnUrl), 303);
  });
}
