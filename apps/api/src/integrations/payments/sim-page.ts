import type { FastifyInstance } from 'fastify';
import { GatewayError, type CardSession } from './port.ts';
import {
  acceptForms,
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
  type SessionEvent,
} from './sim-page-parts.ts';
import { registerPayPage } from './sim-pay-page.ts';
import type { gatewaySim } from './sim.ts';

interface PageInput {
  session: CardSession;
  brand: string;
  error?: string | undefined;
}

/** The hosted card-entry page; a session that is over offers the way back to the app. */
function page({ session, brand, error }: PageInput) {
  const action = `/api/sim/gateway/checkout/${encodeURIComponent(session.id)}`;
  return framed(
    brand,
    session.status === 'open'
      ? entryForm(action, says('gateway.save'), error)
      : ended(
          session.failure === 'cancelled' ? 'gateway.cancelled' : 'gateway.inactive',
          session.returnUrl,
        ),
  );
}

/**
 * The simulator's hosted card-entry page. On a good card it sends the API a signed webhook, as a
 * real gateway would, and sends the customer back; on cancel it ends the session as failed
 * (`cancelled`), tells the API the same way, and sends the customer back with
 * `outcome=cancelled`.
 */
export function registerGatewaySimPage(app: FastifyInstance, sim: ReturnType<typeof gatewaySim>) {
  const brand = app.ctx.config.BRAND_NAME;
  const send = sendPage;

  const load = async (id: string) => {
    try {
      return await sim.getCardSession(id);
    } catch {
      return null;
    }
  };

  const notify = (log: FastifyInstance['log'], type: SessionEvent, sessionId: string) =>
    notifyApi(app, log, type, sessionId);

  void app.register(
    (scope, _opts, done) => {
      acceptForms(scope);
      registerPayPage(scope, app, sim);

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
