/**
 * A charge point written the other way round from ours: plain OCPP-J frames over the runtime's
 * own WebSocket, with no schema checks of its own, so a test can send what chargers of other
 * makes send (decimal registers, kWh, missing optional fields, repeats) and read every answer as
 * it came, CALLERRORs included.
 */

type Params = Record<string, unknown>;
export type Answer =
  | { ok: true; payload: Params }
  | { ok: false; code: string; description: string; details: unknown };
type Handler = (params: Params) => Params;

export async function rawCharger(
  url: string,
  identity: string,
  protocol: 'ocpp1.6' | 'ocpp2.0.1',
  handlers: Record<string, Handler> = {},
) {
  const socket = new WebSocket(`${url}/${identity}`, [protocol]);
  socket.binaryType = 'arraybuffer';
  const pending = new Map<string, (answer: Answer) => void>();
  const received: { method: string; params: Params }[] = [];
  const frames: string[] = [];
  const listeners: (() => void)[] = [];
  const accept = () => ({ status: 'Accepted' });
  const all: Record<string, Handler> = {
    RemoteStartTransaction: accept,
    RemoteStopTransaction: accept,
    RequestStartTransaction: accept,
    RequestStopTransaction: accept,
    TriggerMessage: accept,
    ...handlers,
  };
  socket.addEventListener('message', (event: MessageEvent) => {
    const text = typeof event.data === 'string' ? event.data : String(event.data);
    frames.push(text);
    const message = JSON.parse(text) as unknown[];
    const [type, id] = message as [number, string];
    if (type === 2) {
      const method = message[2] as string;
      const params = (message[3] ?? {}) as Params;
      received.push({ method, params });
      const handler = all[method];
      socket.send(
        JSON.stringify(
          handler ? [3, id, handler(params)] : [4, id, 'NotImplemented', 'not here', {}],
        ),
      );
      for (const listener of listeners) listener();
    } else {
      const resolve = pending.get(id);
      pending.delete(id);
      if (type === 3) resolve?.({ ok: true, payload: (message[2] ?? {}) as Params });
      else
        resolve?.({
          ok: false,
          code: message[2] as string,
          description: message[3] as string,
          details: message[4],
        });
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => {
      resolve();
    });
    socket.addEventListener('error', () => {
      reject(new Error(`charger ${identity} could not connect`));
    });
  });
  let serial = 0;
  /** Sends a CALL and answers the CALLRESULT or CALLERROR that comes back. */
  const send = (method: string, params: Params) => {
    serial += 1;
    const id = `${identity}-${String(serial)}`;
    const answer = new Promise<Answer>((resolve) => pending.set(id, resolve));
    socket.send(JSON.stringify([2, id, method, params]));
    return answer;
  };
  /** Sends a CALL that must succeed; answers its payload. */
  const call = async (method: string, params: Params) => {
    const answer = await send(method, params);
    if (!answer.ok) throw new Error(`${method}: ${answer.code} ${answer.description}`);
    return answer.payload;
  };
  /** Waits until the backend has sent a call of `method` that `match` accepts; answers it. */
  const waitFor = (method: string, match: (params: Params) => boolean = () => true) =>
    new Promise<Params>((resolve, reject) => {
      const find = () => received.find((r) => r.method === method && match(r.params));
      const found = find();
      if (found) {
        resolve(found.params);
        return;
      }
      const timer = setTimeout(() => {
        reject(new Error(`no ${method} came`));
      }, 15_000);
      listeners.push(() => {
        const hit = find();
        if (hit) {
          clearTimeout(timer);
          resolve(hit.params);
        }
      });
    });
  return {
    send,
    call,
    waitFor,
    received,
    frames,
    close: () => {
      socket.close();
    },
  };
}

export type RawCharger = Awaited<ReturnType<typeof rawCharger>>;

/** Boots a raw charger and reports each of its connectors (1.6) or EVSEs (2.0.1) Available. */
export async function bootRaw(
  station: RawCharger,
  protocol: 'ocpp1.6' | 'ocpp2.0.1',
  connectors = 2,
) {
  const ids = Array.from({ length: connectors }, (_, i) => i + 1);
  if (protocol === 'ocpp1.6') {
    await station.call('BootNotification', { chargePointVendor: 'Other', chargePointModel: 'X' });
    for (const connectorId of [0, ...ids])
      await station.call('StatusNotification', {
        connectorId,
        errorCode: 'NoError',
        status: 'Available',
      });
    return;
  }
  await station.call('BootNotification', {
    reason: 'PowerUp',
    chargingStation: { model: 'Y', vendorName: 'Other' },
  });
  for (const evseId of ids)
    await station.call('StatusNotification', {
      timestamp: new Date().toISOString(),
      connectorStatus: 'Available',
      evseId,
      connectorId: 1,
    });
}

/** A 2.0.1 TransactionEvent as other makes send it: decimals, kWh, W with a multiplier. */
export function transactionEvent(
  eventType: 'Started' | 'Updated' | 'Ended',
  transactionId: string,
  seqNo: number,
  register: { value: number; unit: 'Wh' | 'kWh' },
  options: { at?: Date; remoteStartId?: number; triggerReason?: string } = {},
) {
  const timestamp = (options.at ?? new Date()).toISOString();
  return {
    eventType,
    timestamp,
    triggerReason:
      options.triggerReason ??
      { Started: 'RemoteStart', Updated: 'MeterValuePeriodic', Ended: 'RemoteStop' }[eventType],
    seqNo,
    transactionInfo: {
      transactionId,
      ...(options.remoteStartId === undefined ? {} : { remoteStartId: options.remoteStartId }),
      ...(eventType === 'Ended' ? { stoppedReason: 'Remote' } : {}),
    },
    ...(eventType === 'Started' ? { evse: { id: 1, connectorId: 1 } } : {}),
    meterValue: [
      {
        timestamp,
        sampledValue: [
          {
            value: register.value,
            measurand: 'Energy.Active.Import.Register',
            unitOfMeasure: { unit: register.unit },
          },
          {
            value: 11,
            measurand: 'Power.Active.Import',
            unitOfMeasure: { unit: 'W', multiplier: 3 },
          },
        ],
      },
    ],
  };
}
