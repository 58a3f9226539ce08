import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '../db/schema/index.ts';
import { saveStaff } from '../modules/admin/index.ts';
import { signIn, uniqueEmail } from './app.ts';

const STAFF_PASSWORD = 'starvsfolk-loyniord';

/** Creates a staff account with this role and signs it in the way staff do; answers its token. */
export async function signInAsStaff(
  app: FastifyInstance,
  staff: { role: StaffRole; stationIds?: number[]; email?: string },
) {
  const email = staff.email ?? uniqueEmail(staff.role);
  await saveStaff(app.ctx.db, {
    email,
    password: STAFF_PASSWORD,
    name: 'Starvsfólk',
    role: staff.role,
    stationIds: staff.stationIds ?? [],
  });
  const res = await signIn(app, email, STAFF_PASSWORD);
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}
