import type { ConsoleSection } from '@stod/domain';

/** Every path of the console, under its /console basename; links and redirects use these. */
export const paths = {
  login: '/login',
  home: '/',
  vouchers: '/vouchers',
  stations: '/stations',
} as const;

export const sectionPath: Record<ConsoleSection, string> = {
  vouchers: paths.vouchers,
  stations: paths.stations,
};
