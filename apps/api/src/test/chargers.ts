import type { Tariff } from '@stod/domain';
import type { Charge } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { RPCClient, type IHandlersOption } from 'ocpp-rpc';
import { bearer } from './app.ts';
import { signInAsStaff } from './staff.ts';

/** The app listening on a free local port, as chargers need a real socket; answers its ws URL. */
export async function listen(app: FastifyInstance) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws') + '/ocpp';
}

let serial = 0;
export const newIdentity = (prefix = 'T') => {
  serial += 1;
  return `${prefix}-${String(process.pid)}-${String(serial)}-${String(Date.now() % 100_000)}`;
};

export interface ChargerSetup {
  identity?: string;
  password?: string;
  connectors?: number;
  maxPowerKw?: number;
  tariff?: Tariff;
  public?: boolean;
  ownerEmail?: string;
  installationId?: string;
}

/** Registers one charger through the operators' API; answers its ids. */
export async function registerCharger(app: FastifyInstance, setup: ChargerSetup = {}) {
  const token = await signInAsStaff(app, { role: 'operator' });
  const identity = setup.identity ?? newIdentity();
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/chargers',
    headers: bearer(token),
    payload: {
      chargers: [
        {
          identity,
          ...(setup.password ? { password: setup.password } : {}),
          ...(setup.installationId
            ? { installationId: setup.installationId }
            : {
                installation: {
                  name: `Heima ${identity}`,
                  lat: 62.01,
                  lng: -6.77,
                  public: setup.public ?? true,
                  ...(setup.ownerEmail ? { ownerEmail: setup.ownerEmail } : {}),
                },
              }),
          connectors: setup.connectors ?? 2,
          maxPowerKw: setup.maxPowerKw ?? 22,
          tariff: setup.tariff ?? { type: 'kWh', price: 350 },
        },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(`charger registration failed: ${res.body}`);
  const [charger] = res.json<{
    chargers: { id: string; identity: string; installationId: string }[];
  }>().chargers;
  if (!charger) throw new Error('no charger');
  return { ...charger, operatorToken: token };
}

type Handler = (
  params: Record<string, unknown>,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/**
 * A scripted OCPP charger: the test says what it sends, and what it answers to the backend's
 * commands (accept by default). Every call it received is kept in `received`.
 */
export async function scriptedCharger(
  url: string,
  identity: string,
  options: {
    protocol?: 'ocpp1.6' | 'ocpp2.0.1';
    password?: string;
    handlers?: Record<string, Handler>;
    /** For `wss://`: the authority to trust, and a client certificate with its key. */
    tls?: { ca: string; cert?: string; key?: string };
    /** Headers of its upgrade request (as a proxy in front of the API would add). */
    headers?: Record<string, string>;
  } = {},
) {
  const protocol = options.protocol ?? 'ocpp1.6';
  // The library's typings ask for every option; it fills in defaults for those not given.
  const client = new RPCClient({
    endpoint: url,
    identity,
    protocols: [protocol],
    strictMode: true,
    reconnect: false,
    ...(options.password ? { password: options.password } : {}),
    ...(options.tls ? { wsOpts: { ...options.tls, servername: 'localhost' } } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  } as ConstructorParameters<typeof RPCClient>[0]);
  const received: { method: string; params: Record<string, unknown> }[] = [];
  const handlers: Record<string, Handler> = {
    RemoteStartTransaction: () => ({ status: 'Accepted' }),
    RemoteStopTransaction: () => ({ status: 'Accepted' }),
    RequestStartTransaction: () => ({ status: 'Accepted' }),
    RequestStopTransaction: () => ({ status: 'Accepted' }),
    TriggerMessage: () => ({ status: 'Accepted' }),
    ...options.handlers,
  };
  client.handle((call: IHandlersOption) => {
    const params = (call.params ?? {}) as Record<string, unknown>;
    const method = call.method ?? '';
    received.push({ method, params });
    const handler = handlers[method];
    if (!handler) return Promise.reject(new Error(`unhandled ${method}`));
    return Promise.resolve(handler(params));
  });
  await client.connect();
  const call = (method: string, params: Record<string, unknown>) =>
    client.call(method, params) as Promise<Record<string, unknown>>;
  return { client, received, handlers, call, close: () => client.close({ force: true }) };
}

export type ScriptedCharger = Awaited<ReturnType<typeof scriptedCharger>>;

/** Boots a 1.6 charger and reports every connector Available. */
export async function boot16(charger: ScriptedCharger, connectors = 2) {
  await charger.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'T1' });
  for (let c = 0; c <= connectors; c += 1)
    await charger.call('StatusNotification', {
      connectorId: c,
      errorCode: 'NoError',
      status: 'Available',
    });
}

export const meter16 = (transactionId: number, wh: number, w: number, at = new Date()) => ({
  connectorId: 1,
  transactionId,
  meterValue: [
    {
      timestamp: at.toISOString(),
      sampledValue: [
        { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
        { value: String(w), measurand: 'Power.Active.Import', unit: 'W' },
      ],
    },
  ],
});

/** Boots a 2.0.1 charger and reports every EVSE's connector Available. */
export async function boot201(charger: ScriptedCharger, connectors = 2) {
  await charger.call('BootNotification', {
    reason: 'PowerUp',
    chargingStation: { model: 'T2', vendorName: 'Test' },
  });
  for (let evse = 1; evse <= connectors; evse += 1)
    await charger.call('StatusNotification', {
      timestamp: new Date().toISOString(),
      connectorStatus: 'Available',
      evseId: evse,
      connectorId: 1,
    });
}

export const meter201 = (wh: number, w: number, at = new Date()) => [
  {
    timestamp: at.toISOString(),
    sampledValue: [
      { value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
      { value: w, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'W' } },
    ],
  },
];

/** A user's charge through the API, as the user sees it. */
export async function chargeOf(app: FastifyInstance, token: string, id: string) {
  const res = await app.inject({ url: `/api/charges/${id}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`charge not read: ${res.body}`);
  return res.json<Charge>();
}

/** Opens a charge (POST /charges) at a connector; answers it as the user sees it. */
export async function openCharge(
  app: FastifyInstance,
  user: { token: string; cardId?: string },
  charger: { id: string; installationId: string },
  connectorId = 1,
) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/charges',
    headers: { ...bearer(user.token), 'idempotency-key': `charge-${crypto.randomUUID()}` },
    payload: {
      installationId: charger.installationId,
      chargerId: charger.id,
      connectorId,
      ...(user.cardId ? { paymentMethodId: user.cardId } : {}),
    },
  });
  if (created.statusCode !== 201) throw new Error(`charge not opened: ${created.body}`);
  return created.json<Charge>();
}

/** Opens a charge (POST /charges) and starts it (POST /charges/:id/start); answers both. */
export async function openAndStart(
  app: FastifyInstance,
  station: ScriptedCharger,
  user: { token: string; cardId?: string },
  charger: { id: string; installationId: string },
  connectorId = 1,
) {
  const charge = await openCharge(app, user, charger, connectorId);
  const started = await app.inject({
    method: 'POST',
    url: `/api/charges/${charge.id}/start`,
    headers: bearer(user.token),
  });
  if (started.statusCode !== 200) throw new Error(`charge not started: ${started.body}`);
  const remote = [...station.received]
    .reverse()
    .find((r) => r.method === 'RemoteStartTransaction' || r.method === 'RequestStartTransaction');
  if (!remote) throw new Error('no remote start received');
  const idTag =
    remote.method === 'RemoteStartTransaction'
      ? (remote.params.idTag as string)
      : (remote.params.idToken as { idToken: string }).idToken;
  return { charge, idTag, remote };
}
