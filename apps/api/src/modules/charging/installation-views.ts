import type { ServiceContext } from '../../platform/context.ts';
import * as repo from './repo.ts';
import { notFound } from '../../lib/errors.ts';
import { accessOf, chargerView, installationView, tariffFor } from './views.ts';
import { livePower } from './live.ts';

/** Installations and chargers as a user may see them, with live status and their prices. */

export async function listInstallations(ctx: ServiceContext, userId: string) {
  const rows = await repo.usableInstallations(ctx.db, userId);
  return { items: await installationViews(ctx, userId, rows) };
}

/** The views of installations the user may use, with their chargers' live status and prices. */
export async function installationViews(
  ctx: ServiceContext,
  userId: string,
  rows: repo.InstallationRow[],
) {
  const shares = new Map(
    (await repo.sharesOfUser(ctx.db, userId)).map((share) => [share.installationId, share]),
  );
  const chargers = await repo.chargersOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const connectors = await repo.connectorsOf(
    ctx.db,
    chargers.map((c) => c.id),
  );
  const power = livePower(ctx);
  return rows.map((installation) => {
    const share = shares.get(installation.id);
    const access = accessOf(installation, userId, share) ?? 'public';
    const views = chargers
      .filter((c) => c.installationId === installation.id)
      .map((c) =>
        chargerView(
          c,
          connectors.filter((k) => k.chargerId === c.id),
          tariffFor(c, access, share),
          power,
        ),
      );
    return installationView(installation, access, views);
  });
}

export async function usableInstallation(ctx: ServiceContext, userId: string, id: string) {
  const installation = await repo.findInstallation(ctx.db, id);
  const share = installation ? await repo.shareOf(ctx.db, installation.id, userId) : null;
  const access = installation ? accessOf(installation, userId, share) : null;
  if (!installation || !access) throw notFound();
  return { installation, access, share };
}

export async function getInstallation(ctx: ServiceContext, userId: string, id: string) {
  const { installation, access, share } = await usableInstallation(ctx, userId, id);
  const chargers = await repo.chargersOf(ctx.db, [installation.id]);
  const connectors = await repo.connectorsOf(
    ctx.db,
    chargers.map((c) => c.id),
  );
  const power = livePower(ctx);
  const views = chargers.map((c) =>
    chargerView(
      c,
      connectors.filter((k) => k.chargerId === c.id),
      tariffFor(c, access, share),
      power,
    ),
  );
  return installationView(installation, access, views);
}

export async function getCharger(ctx: ServiceContext, userId: string, id: string) {
  const charger = await repo.findCharger(ctx.db, id);
  if (!charger || charger.decommissionedAt) throw notFound();
  const { installation, access, share } = await usableInstallation(
    ctx,
    userId,
    charger.installationId,
  );
  const connectors = await repo.connectorsOf(ctx.db, [charger.id]);
  return {
    ...chargerView(charger, connectors, tariffFor(charger, access, share), livePower(ctx)),
    installation: { id: installation.id, name: installation.name },
  };
}
