import { sitePassword } from '../integrations/site/endpoint.ts';

/**
 * `npm run site:password -- TK1001 [TK1002 …]`: the password each site's gateway connects with,
 * derived from SITE_SECRET. Exits 2 without a secret or a site id.
 */
const secret = process.env.SITE_SECRET;
const sites = process.argv.slice(2);
if (!secret || secret.length < 16 || sites.length === 0) {
  console.error('Usage: SITE_SECRET=… npm run site:password -- <siteId> [<siteId> …]');
  process.exit(2);
}
for (const site of sites) console.log(`${site}\t${sitePassword(secret, site)}`);
