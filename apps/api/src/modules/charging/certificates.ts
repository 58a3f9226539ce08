import { randomUUID } from 'node:crypto';
import type { ChargerLink, CommandAnswer } from '../../integrations/ocpp/port.ts';
import type { CertificateKind } from '../../integrations/pki/port.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notice } from './notices.ts';
import { sendOperatorCall } from './operator-calls.ts';

/**
 * A charger's certificate signing request. The authority signs it (its signature must hold, and
 * a charger's own certificate must be named for the charger) before the charger is answered:
 * `Accepted`, and the chain goes to it with `CertificateSigned` right after, kept in the charger's
 * command log like an operator's call; `Rejected`, with the reason kept as a security notice.
 */
export async function signCertificate(
  ctx: ServiceContext,
  link: ChargerLink,
  request: { csrPem: string; kind: CertificateKind },
): Promise<CommandAnswer> {
  const outcome = await ctx.certificates.sign({ ...request, identity: link.identity });
  if ('refused' in outcome) {
    await notice(ctx, link, {
      kind: 'security',
      type: 'CertificateSigningRefused',
      detail: { certificateType: request.kind, reason: outcome.refused },
      timestamp: ctx.clock.now(),
    });
    return 'Rejected';
  }
  const payload =
    link.protocol === 'ocpp2.0.1'
      ? { certificateChain: outcome.chain, certificateType: request.kind }
      : { certificateChain: outcome.chain };
  // After the answer has gone: the charger expects the chain as a call of its own.
  setTimeout(() => {
    sendOperatorCall(ctx, {
      identity: link.identity,
      action: 'CertificateSigned',
      payload,
      sentBy: null,
      requestId: `sign-${randomUUID()}`,
    }).catch((error: unknown) => {
      ctx.log.warn({ err: error, identity: link.identity }, 'signed certificate not delivered');
    });
  }, 0);
  return 'Accepted';
}
