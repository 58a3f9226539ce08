import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChargingBooks } from '../../test/charging-books.ts';
import { INTERNAL_DESCRIPTION } from '../../integrations/ocpp/handle.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { listen, registerCharger } from '../../test/chargers.ts';
import { bootRaw, rawCharger, type Answer } from '../../test/raw-charger.ts';

/**
 * Odd and hostile OCPP frames from a charger: every action the backend takes, with values of
 * the right shape and the wrong, in both versions. Whatever comes, the answer is a CALLRESULT or
 * a CALLERROR of the protocol's own codes; an InternalError carries only its fixed text; nothing
 * names SQL, a table or a stack; and the connection stays up for the next frame.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);

const odd = fc.oneof(
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '💥ðø',
    "'; drop table charges; --",
    '9'.repeat(40),
    'x'.repeat(5_000),
  ),
  fc.string({ maxLength: 30 }),
);
const number = fc.oneof(
  fc.constantFrom(0, -1, 0.5, 19.25, 2_147_483_648, 1e15, -1e15, Number.MAX_SAFE_INTEGER),
  fc.integer({ min: -10, max: 10 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value = fc.oneof(odd, number, fc.constant(null), fc.boolean());
const when = fc.oneof(
  fc.constantFrom('2026-11-28T10:00:00Z', '2026-11-28T10:00:00', 'yesterday', '', '9999-99-99'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const sample = fc.record(
  {
    value: fc.oneof(odd, number.map(String)),
    measurand: fc.constantFrom(
      'Energy.Active.Import.Register',
      'Power.Active.Import',
      'SoC',
      'Voltage',
      'Temperature',
    ),
    unit: fc.constantFrom('Wh', 'kWh', 'W', 'kW', 'A', 'V', 'Celsius', 'Percent', 'varh'),
    phase: fc.constantFrom('L1', 'L2', 'L3', 'L1-N'),
    location: fc.constantFrom('Outlet', 'Inlet', 'EV', 'Body', 'Cable'),
    format: fc.constantFrom('Raw', 'SignedData'),
  },
  { requiredKeys: ['value'] },
);
const meterValue = fc.array(fc.record({ timestamp: when, sampledValue: fc.array(sample) }), {
  maxLength: 3,
});
const connectorId = fc.oneof(fc.integer({ min: 0, max: 3 }), number);
const txId = fc.oneof(fc.integer({ min: 0, max: 2_000 }), number);

const ACTIONS_16: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  Heartbeat: fc.constant({}),
  BootNotification: fc.record({ chargePointVendor: odd, chargePointModel: odd }),
  StatusNotification: fc.record({
    connectorId,
    errorCode: fc.constantFrom('NoError', 'GroundFailure', 'OtherError', 'Nope'),
    status: fc.constantFrom('Available', 'Charging', 'Faulted', 'Finishing', 'Unknown'),
    timestamp: when,
  }),
  Authorize: fc.record({ idTag: odd }),
  StartTransaction: fc.record({ connectorId, idTag: odd, meterStart: number, timestamp: when }),
  MeterValues: fc.record({ connectorId, transactionId: txId, meterValue }),
  StopTransaction: fc.record(
    {
      transactionId: txId,
      idTag: odd,
      meterStop: number,
      timestamp: when,
      reason: odd,
      transactionData: meterValue,
    },
    { requiredKeys: ['transactionId', 'meterStop', 'timestamp'] },
  ),
  DataTransfer: fc.record({ vendorId: odd, messageId: odd, data: odd }),
  SecurityEventNotification: fc.record({ type: odd, timestamp: when, techInfo: odd }),
  LogStatusNotification: fc.record({ status: odd, requestId: number }),
  SignedFirmwareStatusNotification: fc.record({ status: odd, requestId: number }),
  FirmwareStatusNotification: fc.record({ status: odd }),
  DiagnosticsStatusNotification: fc.record({ status: odd }),
  NoSuchAction: fc.record({ x: value }),
};

const transactionEvent = fc.record(
  {
    eventType: fc.constantFrom('Started', 'Updated', 'Ended', 'Other'),
    timestamp: when,
    triggerReason: fc.constantFrom('RemoteStart', 'Authorized', 'MeterValuePeriodic', 'Nope'),
    seqNo: number,
    transactionInfo: fc.record(
      {
        transactionId: fc.oneof(odd, fc.constantFrom('TX-1', 'TX-2')),
        remoteStartId: number,
        stoppedReason: odd,
      },
      { requiredKeys: ['transactionId'] },
    ),
    idToken: fc.record({ idToken: odd, type: fc.constantFrom('ISO14443', 'Central', 'Nope') }),
    evse: fc.record({ id: connectorId, connectorId }),
    meterValue: meterValue.map((values) =>
      values.map((v) => ({
        ...v,
        sampledValue: v.sampledValue.map((s) => ({
          value: Number(s.value),
          ...(s.measurand ? { measurand: s.measurand } : {}),
          ...(s.unit ? { unitOfMeasure: { unit: s.unit, multiplier: 0 } } : {}),
        })),
      })),
    ),
  },
  { requiredKeys: ['eventType', 'timestamp', 'triggerReason', 'seqNo', 'transactionInfo'] },
);

const ACTIONS_201: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  Heartbeat: fc.constant({}),
  StatusNotification: fc.record({
    timestamp: when,
    connectorStatus: fc.constantFrom('Available', 'Occupied', 'Faulted', 'Nope'),
    evseId: connectorId,
    connectorId,
  }),
  Authorize: fc.record({ idToken: fc.record({ idToken: odd, type: fc.constant('ISO14443') }) }),
  TransactionEvent: transactionEvent,
  DataTransfer: fc.record({ vendorId: odd }),
  SecurityEventNotification: fc.record({ type: odd, timestamp: when }),
  NotifyEvent: fc.record({ generatedAt: when, seqNo: number, eventData: fc.constant([]) }),
};

/** The CALLERROR codes of the protocol's framing and of a handler that cannot go on. */
const PROTOCOL_CODES = new Set([
  'FormatViolation',
  'FormationViolation',
  'PropertyConstraintViolation',
  'OccurenceConstraintViolation',
  'OccurrenceConstraintViolation',
  'TypeConstraintViolation',
  'ProtocolError',
  'NotImplemented',
  'NotSupported',
  'InternalError',
]);
/** What the database, the ORM or a stack would say: never in an answer. */
const INTERNALS =
  /invalid input syntax|violates|out of range for type|duplicate key|relation "|column "|syntax error at|insert into|drizzle|postgres|pglite|\.ts:\d|at \w+ \(/i;

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
// The books, after everything this file did: every charge that delivered energy settled once,
// none left open, no hold outliving its charge.
afterAll(async () => {
  const problems = await checkChargingBooks(t.app.ctx.db);
  await t.close();
  expect(problems).toEqual([]);
});

function problemOf(action: string, answer: Answer) {
  if (answer.ok) return null;
  // A schema refusal echoes the charger's own frame back (`data`): that is its text, not ours.
  const details = Object.entries((answer.details ?? {}) as Record<string, unknown>).filter(
    ([key]) => key !== 'data',
  );
  const said = `${answer.description} ${JSON.stringify(details)}`;
  if (INTERNALS.test(said)) return `${action}: the answer names internals: ${said.slice(0, 300)}`;
  if (!PROTOCOL_CODES.has(answer.code)) return `${action}: CALLERROR ${answer.code}`;
  if (answer.code === 'InternalError' && answer.description !== INTERNAL_DESCRIPTION)
    return `${action}: InternalError says ${answer.description}`;
  return null;
}

describe.each([
  ['ocpp1.6', ACTIONS_16],
  ['ocpp2.0.1', ACTIONS_201],
] as const)('OCPP fuzzing, %s', (protocol, actions) => {
  it('answers every odd frame in the protocol’s own words, and stays connected', async () => {
    const charger = await registerCharger(t.app, { connectors: 2 });
    const station = await rawCharger(url, charger.identity, protocol);
    try {
      await bootRaw(station, protocol);
      const problems = new Set<string>();
      for (const [action, params] of Object.entries(actions)) {
        const cases = fc.sample(params, { seed: SEED + action.length, numRuns: RUNS });
        for (const payload of cases) {
          const answer = await station.send(action, payload);
          const problem = problemOf(action, answer);
          if (problem) problems.add(`${problem}\n  sent ${JSON.stringify(payload).slice(0, 300)}`);
        }
      }
      expect([...problems]).toEqual([]);
      // Still connected and answering.
      expect((await station.send('Heartbeat', {})).ok).toBe(true);
    } finally {
      station.close();
    }
  });
});
