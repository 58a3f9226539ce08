import type { ConsoleSection } from '@stod/domain';

/** Every path of the console, under its /console basename; links and redirects use these. */
export const paths = {
  login: '/login',
  home: '/',
  vouchers: '/vouchers',
  stations: '/stations',
  /** One station's pumps and bays, live; the route's pattern. */
  station: '/stations/:id',
  /** A station's kitchen display, for a tablet on the kitchen wall; the route's pattern. */
  kitchen: '/kitchen/:stationId',
  chargers: '/chargers',
  /** One charger's connectors, commands and reports; the route's pattern. */
  charger: '/chargers/:identity',
  audit: '/audit',
} as const;

export const sectionPath: Record<ConsoleSection, string> = {
  vouchers: paths.vouchers,
  stations: paths.stations,
  chargers: paths.chargers,
  audit: paths.audit,
};

/** The address of one station's live screen. */
export const stationPath = (id: number): string => paths.station.replace(':id', String(id));

/** The address of one station's kitchen display. */
export const kitchenPath = (stationId: number): string =>
  paths.kitchen.replace(':stationId', String(stationId));

/** The address of one charger's page. */
export const chargerPath = (identity: string): string =>
  paths.charger.replace(':identity', encodeURIComponent(identity));
