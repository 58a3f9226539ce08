import { randomUUID } from 'node:crypto';
import { paymentProducts, type PaymentAgreementInput, type PaymentMethod } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
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

export async function list(app: FastifyInstance, userId: string) {
  const [rows, agreement] = await Promise.all([
    repo.listMethods(app.db, userId),
    repo.findAgreement(app.db, userId),
  ]);
  return {
    items: rows.map((r) => toView(r)),
    agreement: agreement ? agreementView(agreement) : null,
  };
}

export async function getOne(app: FastifyInstance, userId: string, id: string) {
  const row = await repo.findMethod(app.db, userId, id);
  if (!row) throw notFound();
  return toView(row);
}

export async function setFavourite(app: FastifyInstance, userId: string, id: string) {
  if (!(await repo.findMethod(app.db, userId, id))) throw notFound();
  await repo.setFavourite(app.db, userId, id);
  return list(app, userId);
}

export async function remove(app: FastifyInstance, userId: string, id: string) {
  if (!(await repo.softDelete(app.db, userId, id))) throw notFound();
}

/** Starts the gateway's hosted card-entry page for the user. */
export async function startCardEntry(
  app: FastifyInstance,
  userId: string,
  input: { name?: string | undefined; returnPath: string },
) {
  const id = randomUUID();
  const returnUrl = `${app.config.publicUrl}${input.returnPath}?cardSession=${id}`;
  let session;
  try {
    session = await app.gateway.createCardSession(id, { reference: userId, returnUrl });
  } catch (error) {
    if (error instanceof GatewayError)
      throw new AppError(503, 'PAYMENT_LINK_FAILED', 'error.paymentLink');
    throw error;
  }
  await repo.insertCardSession(app.db, {
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
  app: FastifyInstance,
  row: NonNullable<Awaited<ReturnType<typeof repo.findCardSession>>>,
) {
  if (row.status !== 'open')
    return { status: row.status, failure: null, paymentMethodId: row.paymentMethodId };
  const session = await app.gateway.getCardSession(row.gatewaySessionId);
  if (session.status === 'completed' && session.card) {
    const card = session.card;
    const saved = await app.db
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
    const fresh = saved ? null : await repo.findCardSession(app.db, { id: row.id });
    return {
      status: 'completed' as const,
      failure: null,
      paymentMethodId: saved ?? fresh?.paymentMethodId ?? null,
    };
  }
  if (session.status === 'expired' || session.status === 'failed') {
    await repo.closeCardSession(app.db, row.id, { status: session.status });
    return { status: session.status, failure: session.failure, paymentMethodId: null };
  }
  return { status: 'open' as const, failure: session.failure, paymentMethodId: null };
}

class SessionRaced extends Error {}

export async function cardSessionStatus(app: FastifyInstance, userId: string, id: string) {
  const row = await repo.findCardSession(app.db, { id });
  if (row?.userId !== userId) throw notFound();
  let result;
  try {
    result = await settle(app, row);
  } catch (error) {
    if (error instanceof GatewayError)
      throw new AppError(503, 'CARD_TOKEN_FAILED', 'error.cardToken');
    throw error;
  }
  const method = result.paymentMethodId
    ? await repo.findMethod(app.db, userId, result.paymentMethodId)
    : undefined;
  return {
    status: result.status,
    failure: result.failure,
    paymentMethod: method ? toView(method) : null,
  };
}

export async function handleWebhook(
  app: FastifyInstance,
  event: { type: string; sessionId: string },
) {
  if (event.type !== 'card_session.completed') return;
  const row = await repo.findCardSession(app.db, { gatewaySessionId: event.sessionId });
  if (!row) return;
  await settle(app, row);
}

export async function getAgreement(app: FastifyInstance, userId: string) {
  const row = await repo.findAgreement(app.db, userId);
  if (!row) throw notFound();
  return agreementView(row);
}

export async function saveAgreement(
  app: FastifyInstance,
  userId: string,
  input: Omit<PaymentAgreementInput, 'accountNumber'> & { accountNumber?: string | undefined },
  mode: 'create' | 'update',
) {
  const existing = await repo.findAgreement(app.db, userId);
  if (mode === 'create' && existing) throw new AppError(409, 'AGREEMENT_EXISTS', 'error.conflict');
  if (mode === 'update' && !existing) throw notFound();
  const accountNumber = input.accountNumber ?? existing?.accountNumber;
  if (!accountNumber)
    throw new AppError(400, 'VALIDATION', 'validation.form', {
      accountNumber: 'validation.required',
    });
  return agreementView(await repo.upsertAgreement(app.db, { userId, ...input, accountNumber }));
}
