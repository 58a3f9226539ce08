import { randomUUID } from 'node:crypto';
import { paymentProducts, type PaymentAgreementInput, type PaymentMethod } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { Projections } from '../../platform/realtime.ts';
import { GatewayError } from '../../integrations/payments/port.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './repo.ts';

export function toView(row: repo.PaymentMethodRow, now = new Date()): PaymentMethod {
  const expired =
    row.expYear !== null &&
    row.expMonth !== null &&
    (row.expYear < now.getFullYear() ||
      (row.expYear === now.getFullYear() && row.expMonth < now.getMonth() + 1));
  return {
    id: row.id,
    kind: row.kind,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    name: row.name,
    isFavourite: row.isFavourite,
    isActive: !expired && row.activeFrom.getTime() <= now.getTime(),
    activeFrom: row.activeFrom.toISOString(),
    products: row.products,
    createdAt: row.createdAt.toISOString(),
  };
}

function agreementView(row: repo.AgreementRow) {
  return {
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    registrationNumber: row.registrationNumber,
    accountNumberMasked: `••••${row.accountNumber.slice(-4)}`,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function list(ctx: ServiceContext, userId: string) {
  const [rows, agreement] = await Promise.all([
    repo.listMethods(ctx.db, userId),
    repo.findAgreement(ctx.db, userId),
  ]);
  return {
    items: rows.map((r) => toView(r)),
    agreement: agreement ? agreementView(agreement) : null,
  };
}

export async function getOne(ctx: ServiceContext, userId: string, id: string) {
  const row = await repo.findMethod(ctx.db, userId, id);
  if (!row) throw notFound();
  return toView(row);
}

export async function setFavourite(ctx: ServiceContext, userId: string, id: string) {
  if (!(await repo.findMethod(ctx.db, userId, id))) throw notFound();
  await repo.setFavourite(ctx.db, userId, id);
  return list(ctx, userId);
}

export async function remove(ctx: ServiceContext, userId: string, id: string) {
  if (!(await repo.softDelete(ctx.db, userId, id))) throw notFound();
}

/** Starts the gateway's hosted card-entry page for the user. */
export async function startCardEntry(
  ctx: ServiceContext,
  userId: string,
  input: { name?: string | undefined; returnPath: string },
) {
  const id = randomUUID();
  const returnUrl = `${ctx.config.publicUrl}${input.returnPath}?cardSession=${id}`;
  let session;
  try {
    session = await ctx.gateway.createCardSession(id, { reference: userId, returnUrl });
  } catch (error) {
    if (error instanceof GatewayError)
      throw new AppError(503, 'PAYMENT_LINK_FAILED', 'error.paymentLink');
    throw error;
  }
  await repo.insertCardSession(ctx.db, {
    id,
    userId,
    gatewaySessionId: session.id,
    name: input.name ?? null,
    returnPath: input.returnPath,
  });
  return { sessionId: id, url: session.url };
}

/**
 * Brings a card session up to date with the gateway and saves the card once.
 * Both the signed webhook and the app's polling land here; whichever comes
 * first saves the card.
 */
async function settle(
  ctx: ServiceContext,
  row: NonNullable<Awaited<ReturnType<typeof repo.findCardSession>>>,
) {
  if (row.status !== 'open')
    return { status: row.status, failure: row.failure, paymentMethodId: row.paymentMethodId };
  const session = await ctx.gateway.getCardSession(row.gatewaySessionId);
  if (session.status === 'completed' && session.card) {
    const card = session.card;
    const saved = await ctx.db
      .transaction(async (tx) => {
        const method = await repo.insertMethod(tx, {
          userId: row.userId,
          kind: 'card',
          token: card.token,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          name: row.name,
          products: [...paymentProducts],
        });
        if (
          !(await repo.closeCardSession(tx, row.id, {
            status: 'completed',
            paymentMethodId: method.id,
          }))
        ) {
          throw new SessionRaced();
        }
        return method.id;
      })
      .catch((error: unknown) => {
        if (error instanceof SessionRaced) return null;
        throw error;
      });
    const fresh = saved ? null : await repo.findCardSession(ctx.db, { id: row.id });
    return {
      status: 'completed' as const,
      failure: null,
      paymentMethodId: saved ?? fresh?.paymentMethodId ?? null,
    };
  }
  if (session.status === 'expired' || session.status === 'failed') {
    await repo.closeCardSession(ctx.db, row.id, {
      status: session.status,
      failure: session.failure,
    });
    return { status: session.status, failure: session.failure, paymentMethodId: null };
  }
  return { status: 'open' as const, failure: session.failure, paymentMethodId: null };
}

class SessionRaced extends Error {}

export async function cardSessionStatus(ctx: ServiceContext, userId: string, id: string) {
  const row = await repo.findCardSession(ctx.db, { id });
  if (row?.userId !== userId) throw notFound();
  let result;
  try {
    result = await settle(ctx, row);
  } catch (error) {
    if (error instanceof GatewayError)
      throw new AppError(503, 'CARD_TOKEN_FAILED', 'error.cardToken');
    throw error;
  }
  const method = result.paymentMethodId
    ? await repo.findMethod(ctx.db, userId, result.paymentMethodId)
    : undefined;
  return {
    status: result.status,
    failure: result.failure,
    paymentMethod: method ? toView(method) : null,
  };
}

export async function handleWebhook(
  ctx: ServiceContext,
  event: { type: string; sessionId: string },
) {
  // A completed session saves the card; a failed one (the customer cancelled) is closed at once.
  if (event.type !== 'card_session.completed' && event.type !== 'card_session.failed') return;
  const row = await repo.findCardSession(ctx.db, { gatewaySessionId: event.sessionId });
  if (!row) return;
  await settle(ctx, row);
}

export async function getAgreement(ctx: ServiceContext, userId: string) {
  const row = await repo.findAgreement(ctx.db, userId);
  if (!row) throw notFound();
  return agreementView(row);
}

export async function saveAgreement(
  ctx: ServiceContext,
  userId: string,
  input: Omit<PaymentAgreementInput, 'accountNumber'> & { accountNumber?: string | undefined },
  mode: 'create' | 'update',
) {
  const existing = await repo.findAgreement(ctx.db, userId);
  if (mode === 'create' && existing) throw new AppError(409, 'AGREEMENT_EXISTS', 'error.conflict');
  if (mode === 'update' && !existing) throw notFound();
  const accountNumber = input.accountNumber ?? existing?.accountNumber;
  if (!accountNumber)
    throw new AppError(400, 'VALIDATION', 'validation.form', {
      accountNumber: 'validation.required',
    });
  return agreementView(await repo.upsertAgreement(ctx.db, { userId, ...input, accountNumber }));
}

/** What a client of the realtime channel receives when one of its cards starts to work. */
export const walletProjections: Projections = {
  'paymentMethod.activated': async (ctx, { userId, paymentMethodId }) => ({
    id: paymentMethodId,
    object: await getOne(ctx, userId, paymentMethodId).catch(() => undefined),
  }),
};
