import { z } from 'zod';

/** Staff roles: an operator sees everything; station and kitchen staff their own stations. */
export const staffRoles = ['operator', 'station', 'kitchen'] as const;
export type StaffRoleName = (typeof staffRoles)[number];

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** The stations the role covers; null for an operator, who covers every station. */
  stationIds: z.array(z.number().int()).nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** The console's sections, in the order of its navigation. */
export const consoleSections = ['vouchers', 'stations', 'chargers', 'audit'] as const;
export type ConsoleSection = (typeof consoleSections)[number];

const sectionRoles: Record<ConsoleSection, readonly StaffRoleName[]> = {
  vouchers: ['operator'],
  stations: ['operator', 'station', 'kitchen'],
  chargers: ['operator'],
  audit: ['operator'],
};

/** What a role may open in the console; the API checks the same on every staff route. */
export function sectionsFor(role: StaffRoleName): ConsoleSection[] {
  return consoleSections.filter((section) => sectionRoles[section].includes(role));
}
