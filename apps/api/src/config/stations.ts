import { z } from 'zod';

/** Stations and their devices: the simulators, pumps and wash bays, kitchens and coffee machines, chargers. */
export const stationsEnv = z.object({
  SIMULATORS: z
    .string()
    .optional()
    .describe(
      'which adapters run simulated: `all`, `none`, or a list of `gateway`, `provider-stations`, `provider-cards`, `forecourt`, `carwash`, `menu`, `beverage-machines`, `identity`; a real adapter that is configured always wins; in production only for a staging installation (logged), and never `identity`',
    ),
  SITE_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe(
      "the stations' forecourt and car-wash controllers and coffee machines connect to `/site/{siteId}` over the site protocol (docs/site-protocol.md), each with the password derived from this secret (`npm run site:password -- <siteId>`); unset, the pumps, bays and machines are simulated inside the API",
    ),
  SITE_CALL_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(120)
    .default(10)
    .describe('how long a call to a site (authorise a pump, start a wash) waits for its answer'),
  SIM_SPEED: z.coerce
    .number()
    .min(0.1)
    .max(1000)
    .default(1)
    .describe(
      'multiplies the pace of every simulated device (pumps, wash bays, chargers); `20` makes a demo fill take seconds',
    ),
  SIM_AUTO_CUSTOMER: z
    .enum(['true', 'false'])
    .default('true')
    .describe(
      'the simulated customer lifts the nozzle after an authorisation and fills by itself; `false` waits for the simulator page or `POST /api/dev/sim/pumps`',
    ),
  FUEL_NOZZLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(120)
    .describe(
      'an authorised pump whose nozzle is not lifted this long is withdrawn and its hold voided ("You did not remove the pump in time")',
    ),
  CARWASH_START_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(600)
    .describe('a loaded wash programme not started this long is unloaded and its hold voided'),
  CARWASH_RESUME_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1440)
    .default(30)
    .describe('how long staff can resume a stopped wash before it is closed'),
  STATION_RECONCILE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe(
      'how often open refuellings and washes are checked against their controllers and payments; `0` turns it off',
    ),
  MENU_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(120)
    .describe("the simulated ERP's delay when a station's menu is read"),
  MENU_FAILURE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe(
      'share (0–1) of menu reads that fail; the last menu read stands in for an hour, else 503',
    ),
  FOOD_ACCEPT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(300)
    .describe('a food order the kitchen has not accepted by then expires and its hold is voided'),
  FOOD_EXPIRE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15)
    .describe('how often unanswered food orders are expired; `0` turns the job off'),
  KITCHEN_SIM: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      'orders of stations whose kitchen display nobody has opened for three minutes go to the site’s own kitchen system (the station process plays one that accepts, readies and hands them over)',
    ),
  KITCHEN_SIM_ACCEPT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600)
    .default(20)
    .describe(
      'how long the simulated kitchen (the station process, or the API without sites) waits before it accepts an order (divided by `SIM_SPEED`, as its cooking time is)',
    ),
  ALARM_SWEEP_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(10)
    .describe(
      'how often the alarms are brought up to date (offline sites and chargers, faults, stopped washes, waiting orders, long transactions, old holds); a device that reports a fault raises its alarm at once; `0` turns the timer off',
    ),
  PRICE_APPLY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(10)
    .describe(
      'how often price changes set for a time are looked for and applied (each once, on whichever process finds it due); `0` turns the timer off',
    ),
  ALARM_ESCALATE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1440)
    .default(10)
    .describe(
      "a fault nobody acknowledged for this long is mailed to the station's managers (the operators for chargers, or a station without one); `0` mails nothing",
    ),
  BEVERAGE_HASH_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(120)
    .describe("how long a coffee machine's QR code stays valid"),
  OCPP_HEARTBEAT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(300)
    .describe('the Heartbeat interval chargers are given at their BootNotification'),
  OCPP_PING_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(60)
    .describe(
      'WebSocket pings to chargers while they are quiet; `0` sends none (some chargers drop on server pings)',
    ),
  OCPP_COST_UPDATE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(60)
    .describe(
      "how often a 2.0.1 charger is sent a running charge's price (`CostUpdated`) for its display, when it changed; `0` sends none",
    ),
  OCPP_TLS_CERT: z
    .string()
    .min(1)
    .optional()
    .describe(
      "the OCPP endpoint's TLS certificate (PEM, or a file holding it), with its chain: with `OCPP_TLS_KEY` the endpoint also listens with TLS on `OCPP_TLS_PORT`, for chargers of security profiles 2 and 3 when no proxy ends TLS before it",
    ),
  OCPP_TLS_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('the private key of `OCPP_TLS_CERT` (PEM, or a file holding it)'),
  OCPP_TLS_CLIENT_CA: z
    .string()
    .min(1)
    .optional()
    .describe(
      'the authority (PEM, or a file) whose client certificates chargers of security profile 3 present; without it no charger can use profile 3',
    ),
  OCPP_CA_CERT: z
    .string()
    .min(1)
    .optional()
    .describe(
      "the certificate authority that signs chargers' certificates (`SignCertificate`), PEM or a file; without it, outside production, the API makes one and keeps it in the database, and in production chargers' requests are refused",
    ),
  OCPP_CA_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('the private key of `OCPP_CA_CERT` (PEM, or a file holding it)'),
  OCPP_TLS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(8443)
    .describe('the port of the OCPP endpoint with TLS (`wss://host:port/ocpp/{identity}`)'),
  OCPP_MASTER_PASS_GROUP: z
    .string()
    .min(1)
    .max(36)
    .optional()
    .describe(
      "the group of the operators' master passes (the `MasterPassGroupId` chargers are given): a tag of this group is `Accepted` at Authorize, to stop any transaction, and starts nothing it has no payer for",
    ),
  OCPP_CALL_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(20)
    .describe('how long a command to a charger (remote start, stop, trigger) waits for its answer'),
  CHARGE_HOLD_KR: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(300)
    .describe('the hold placed for a charge at a public installation'),
  CHARGER_OFFLINE_CLOSE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_080)
    .default(60)
    .describe(
      'a charge whose charger stays offline this long is closed at its last meter reading and settled',
    ),
  CHARGE_NO_ENERGY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(240)
    .default(10)
    .describe(
      'a charge whose readings show no energy this long after its start, or after energy last flowed, is stopped remotely, billed for the energy so far (its hold voided when there is none) and its customer told by push and e-mail; `0` turns the watchdog off',
    ),
  CHARGE_RECONCILE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe(
      'how often open charges are checked against their chargers and payments; `0` turns it off',
    ),
  SIM_CHARGERS: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      "the seeded installations' chargers run inside this process and connect to its own `/ocpp`; by default only without `SITE_SECRET` (then the station process plays them) and never in production",
    ),
  EARNINGS_CLOSE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3600)
    .describe(
      "how often ended months of the owners' earnings are closed into payouts; `0` turns the job off",
    ),
});
