import { z } from 'zod';
import { intField } from './fields.ts';
import { faroeFormatter } from './format.ts';
import type { Locale } from './messages/index.ts';

export const stationServices = ['fuel', 'carwash', 'food'] as const;
export type StationService = (typeof stationServices)[number];

/** 'HH:MM' from 00:00 to 24:00; 24:00 means the end of the day. */
export const timeOfDaySchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/);

export const openingIntervalSchema = z.object({ from: timeOfDaySchema, to: timeOfDaySchema });
export type OpeningInterval = z.infer<typeof openingIntervalSchema>;

/**
 * Seven entries, Monday first; null is a closed day. A `to` at or before `from`
 * runs past midnight into the next day.
 */
export const openingHoursSchema = z.array(openingIntervalSchema.nullable()).length(7);
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** Pump or bay numbers, each once. */
const closedPointsField = z
  .array(
    z
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .max(99, 'validation.invalid'),
  )
  .max(99, 'validation.invalid')
  .refine((list) => new Set(list).size === list.length, 'validation.invalid');

/**
 * `PATCH /api/admin/stations/{id}`: a station's opening hours, the services it offers, the pumps
 * and bays out of service, and whether its kitchen is paused.
 */
export const stationSettingsSchema = z
  .strictObject(
    {
      openingHours: openingHoursSchema.optional(),
      services: z
        .array(z.enum(stationServices, { error: 'validation.invalid' }))
        .min(1, 'validation.required')
        .max(stationServices.length, 'validation.invalid')
        .refine((list) => new Set(list).size === list.length, 'validation.invalid')
        .optional(),
      /** The pumps and bays out of service: the app shows them unavailable and starts none. */
      closedPumps: closedPointsField.optional(),
      closedBays: closedPointsField.optional(),
      /** A paused kitchen takes no new food orders. */
      kitchenPaused: z.boolean({ error: 'validation.invalid' }).optional(),
      /** An order nobody answers in time is accepted for the kitchen, not expired. */
      kitchenAutoAccept: z.boolean({ error: 'validation.invalid' }).optional(),
      /** Minutes the kitchen takes for an order: the first pickup time the app offers. */
      kitchenPrepMinutes: intField(1, 120).optional(),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys' ? 'validation.unknownField' : 'validation.invalid',
    },
  )
  .refine((value) => Object.keys(value).length > 0, 'validation.required');
export type StationSettings = z.infer<typeof stationSettingsSchema>;

/** A station as the staff routes answer it (`GET/PATCH /api/admin/stations/{id}`). */
export const adminStationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  tokheimStationId: z.string(),
  services: z.array(z.string()),
  openingHours: openingHoursSchema,
  /** The pumps and bays staff took out of service. */
  closedPumps: z.array(z.number().int()),
  closedBays: z.array(z.number().int()),
  kitchenPaused: z.boolean(),
  kitchenAutoAccept: z.boolean(),
  kitchenPrepMinutes: z.number().int(),
});
export type AdminStation = z.infer<typeof adminStationSchema>;

export const CLOSEST_STATION_RADIUS_KM = 0.1;
export const EARTH_RADIUS_KM = 6371;
export const LOCATION_POLL_MS = 3000;
/** Where the map starts before the device knows where it is. */
export const MAP_START = { lat: 61.89, lng: -6.91 } as const;

export interface LatLng {
  lat: number;
  lng: number;
}

const toMinutes = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

const weekdayIndex: Record<string, number> = {
  Mon: 0,
  Tue: 1,
  Wed: 2,
  Thu: 3,
  Fri: 4,
  Sat: 5,
  Sun: 6,
};
const clock = faroeFormatter({
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Weekday (Monday 0) and minute of the day in the Faroe Islands. */
export function faroeClock(now: Date): { day: number; minute: number } {
  const parts = Object.fromEntries(
    clock()
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: weekdayIndex[parts.weekday ?? 'Mon'] ?? 0,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

export type OpenStatus =
  | { state: 'open'; closesAt: string }
  | { state: 'always' }
  | { state: 'opensLater'; opensAt: string }
  | { state: 'closed' };

const WEEK = 7 * 24 * 60;

/** Every interval of the week as [start, end) minutes from Monday 00:00; ends may pass the week. */
function weekIntervals(hours: OpeningHours): [number, number][] {
  const out: [number, number][] = [];
  hours.forEach((interval, day) => {
    if (!interval) return;
    const from = toMinutes(interval.from);
    let to = toMinutes(interval.to);
    if (to <= from) to += 24 * 60;
    out.push([day * 1440 + from, day * 1440 + to]);
  });
  return out;
}

const asTime = (minuteOfWeek: number) => {
  const minute = ((minuteOfWeek % 1440) + 1440) % 1440;
  const hh = String(Math.floor(minute / 60)).padStart(2, '0');
  const mm = String(minute % 60).padStart(2, '0');
  return `${hh}:${mm}`;
};

/**
 * The open stretch `now` falls in, as minutes of the week [at, end): intervals that touch or
 * overlap are one stretch (24:00 then 00:00). `end` is null when it never closes.
 */
function openStretch(hours: OpeningHours, now: Date) {
  const { day, minute } = faroeClock(now);
  const at = day * 1440 + minute;
  const intervals = weekIntervals(hours);
  // Copies a week back and ahead, so late intervals reach across Monday midnight.
  const around = [-WEEK, 0, WEEK].flatMap((shift) =>
    intervals.map(([s, e]) => [s + shift, e + shift] as [number, number]),
  );
  const current = around.find(([s, e]) => s <= at && at < e);
  if (!current) return { at, day, intervals, end: undefined };
  let end = current[1];
  const continuing = () => around.find(([s, e]) => s <= end && e > end);
  for (let next = continuing(); next; next = continuing()) {
    end = next[1];
    if (end - at >= WEEK) return { at, day, intervals, end: null };
  }
  return { at, day, intervals, end };
}

/** Whether a station is open at `now`, and when that changes today. */
export function openStatus(hours: OpeningHours, now: Date): OpenStatus {
  const { at, day, intervals, end } = openStretch(hours, now);
  if (end === null) return { state: 'always' };
  if (end !== undefined) return { state: 'open', closesAt: asTime(end) };
  const laterToday = intervals
    .filter(([s]) => s > at && s < (day + 1) * 1440)
    .sort((a, b) => a[0] - b[0])[0];
  return laterToday ? { state: 'opensLater', opensAt: asTime(laterToday[0]) } : { state: 'closed' };
}

/**
 * The minutes a station stays open from `now` without a break: 0 when closed, Infinity when
 * it never closes. Counted in whole minutes of the Faroe clock.
 */
export function minutesOpenLeft(hours: OpeningHours, now: Date): number {
  const { at, end } = openStretch(hours, now);
  if (end === undefined) return 0;
  if (end === null) return Infinity;
  return end - at;
}

const STATUS_TEXT: Record<Locale, Record<OpenStatus['state'], string>> = {
  fo: {
    open: 'Opið・Steingir kl. {time}',
    always: 'Opið allan sólarhringin',
    opensLater: 'Stongt・opnar kl. {time}',
    closed: 'Stongt',
  },
  en: {
    open: 'Open・Closes at {time}',
    always: 'Open 24 hours',
    opensLater: 'Closed・opens at {time}',
    closed: 'Closed',
  },
};

/** The spec's open status text: 'Stongt・opnar kl. 07:00', 'Opið・Steingir kl. 23:00' or 'Stongt'. */
export function openStatusText(status: OpenStatus, locale: Locale): string {
  const template = STATUS_TEXT[locale][status.state];
  const time =
    status.state === 'open' ? status.closesAt : status.state === 'opensLater' ? status.opensAt : '';
  return template.replace('{time}', time);
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine, earth radius 6371 km), rounded to 2 decimals. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(km * 100) / 100;
}

/** The nearest station within 0.1 km of the position, or null when none is that close. */
export function closestStation<T extends { location: LatLng }>(
  stations: readonly T[],
  position: LatLng,
): T | null {
  let best: T | null = null;
  let bestKm = Infinity;
  for (const station of stations) {
    const km = distanceKm(position, station.location);
    if (km <= CLOSEST_STATION_RADIUS_KM && km < bestKm) {
      best = station;
      bestKm = km;
    }
  }
  return best;
}

export const productUnits = ['litre', 'wash', 'item'] as const;

export const stationProductSchema = z.object({
  id: z.number().int(),
  service: z.enum(stationServices),
  code: z.string(),
  name: z.string(),
  /** Integer øre per unit, VAT included. */
  price: z.number().int(),
  unit: z.enum(productUnits),
  /** A wash programme's length in seconds; null for other products. */
  durationSeconds: z.number().int().nullable(),
});
export type StationProduct = z.infer<typeof stationProductSchema>;

export const latLngSchema = z.object({ lat: z.number(), lng: z.number() });

export const stationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  location: latLngSchema,
  services: z.array(z.enum(stationServices)),
  tokheim_station_id: z.string(),
  openingHours: openingHoursSchema,
  products: z.array(stationProductSchema),
  pumps: z.array(z.number().int()),
  carwashBays: z.array(z.number().int()),
  /** Minutes its kitchen takes for an order (a food station's); the app's first pickup time. */
  kitchenPrepMinutes: z.number().int().optional(),
});
export type Station = z.infer<typeof stationSchema>;

export const stationListSchema = z.object({
  items: z.array(stationSchema),
  total: z.number().int(),
});

export const providerStationSchema = z.object({
  id: z.string(),
  tokheim_station_id: z.string(),
  name: z.string(),
  merchantId: z.string(),
  appPaymentEnabled: z.boolean(),
  acceptedCards: z.array(z.string()),
});
export type ProviderStation = z.infer<typeof providerStationSchema>;

/** Spec §7: the payment provider's list comes under data.items. */
export const providerStationListSchema = z.object({
  data: z.object({ items: z.array(providerStationSchema) }),
});

export const productColorSchema = z.object({ code: z.string(), color: z.string() });
export const productColorListSchema = z.object({ items: z.array(productColorSchema) });

export const beverageSchema = z.object({
  id: z.number().int(),
  beverage_family: z.string(),
  name: z.string(),
  price: z.number().int(),
});
export const beverageListSchema = z.object({ items: z.array(beverageSchema) });

/** A station with the provider's data merged in, as the app keeps it. */
export type MergedStation = Station & { mobypay_data?: ProviderStation };

/** Spec §4 "Station refresh order", step 3: attach provider data by the pump-system id. */
export function mergeProviderData(
  stationList: readonly Station[],
  provider: readonly ProviderStation[],
): MergedStation[] {
  const byTokheim = new Map(provider.map((p) => [p.tokheim_station_id, p]));
  return stationList.map((station) => {
    const match = byTokheim.get(station.tokheim_station_id);
    return match ? { ...station, mobypay_data: match } : { ...station };
  });
}
