import type { ConsoleSection } from '@stod/domain';

/** Every path of the console, under its /console basename; links and redirects use these. */
export const paths = {
  login: '/login',
  home: '/',
  vouchers: '/vouchers',
  stations: '/stations',
  /** One station's pumps and bays, live; the route's pattern. */
  station: '/stations/:id',
} as const;

export const sectionPath: Record<ConsoleSection, string> = {
  vouchers: paths.vouchers,
  stations: paths.stations,
};

/** The address of one station's live screen. */
export const stationPath = (id: number): string => paths.station.replace(':id', String(id));
