import { sectionsFor, type ConsoleSection, type StaffMember } from '@stod/domain';

/** Every path of the console, under its /console basename; links and redirects use these. */
export const paths = {
  login: '/login',
  home: '/',
  vouchers: '/vouchers',
  campaigns: '/campaigns',
  stations: '/stations',
  /** One station's pumps and bays, live; the route's pattern. */
  station: '/stations/:id',
  /** A station's kitchen display, for a tablet on the kitchen wall; the route's pattern. */
  kitchen: '/kitchen/:stationId',
  alarms: '/alarms',
  chargers: '/chargers',
  /** One charger's connectors, commands and reports; the route's pattern. */
  charger: '/chargers/:identity',
  customers: '/customers',
  /** One customer's profile, payments and history; the route's pattern. */
  customer: '/customers/:id',
  subscriptions: '/subscriptions',
  staff: '/staff',
  finance: '/finance',
  switches: '/switches',
  audit: '/audit',
} as const;

export const sectionPath: Record<ConsoleSection, string> = {
  vouchers: paths.vouchers,
  campaigns: paths.campaigns,
  stations: paths.stations,
  alarms: paths.alarms,
  chargers: paths.chargers,
  customers: paths.customers,
  subscriptions: paths.subscriptions,
  staff: paths.staff,
  finance: paths.finance,
  switches: paths.switches,
  audit: paths.audit,
};

/** The address of one station's live screen. */
export const stationPath = (id: number): string => paths.station.replace(':id', String(id));

/** The address of one station's kitchen display. */
export const kitchenPath = (stationId: number): string =>
  paths.kitchen.replace(':stationId', String(stationId));

/** The address of one customer's page. */
export const customerPath = (id: string): string => paths.customer.replace(':id', id);

/** The address of one charger's page. */
export const chargerPath = (identity: string): string =>
  paths.charger.replace(':identity', encodeURIComponent(identity));

/**
 * Where a role starts: kitchen staff on their kitchen's display, a manager of one station on
 * that station, anyone else on the first section their role opens; null for a role with none.
 */
export function landingPath(member: Pick<StaffMember, 'role' | 'stationIds'>): string | null {
  const [only, ...more] = member.stationIds ?? [];
  if (member.role === 'kitchen' && only !== undefined) return kitchenPath(only);
  if (member.role === 'station' && only !== undefined && more.length === 0)
    return stationPath(only);
  const [first] = sectionsFor(member.role);
  return first ? sectionPath[first] : null;
}
