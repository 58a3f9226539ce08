import { DeviceCallError, DeviceOffline } from '../../integrations/device-calls/port.ts';
import { chargerFleet, type SimChargerState } from '../../integrations/ocpp-sim/index.ts';
import { siteKey } from '../../integrations/site/endpoint.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import * as repo from './repo.ts';

/**
 * The demo chargers' controls, wherever the chargers run: in this process (SIM_CHARGERS), or in
 * the station process, reached through any of its sites' connections (whichever process holds it).
 */
export interface SimFleet {
  state(): Promise<SimChargerState[]>;
  act(
    identity: string,
    connectorId: number,
    action: string,
    idTag?: string,
  ): Promise<SimChargerState>;
}

const unavailable = () => new AppError(409, 'SIM_UNAVAILABLE', 'error.conflict');

export function simFleet(ctx: ServiceContext): SimFleet | null {
  const local = chargerFleet();
  if (local)
    return {
      state: () => Promise.resolve(local.state()),
      act: (identity, connectorId, action, idTag) =>
        local.act(identity, connectorId, action as Parameters<typeof local.act>[2], idTag),
    };
  if (!ctx.sites) return null;
  // The site that answered last is asked first.
  let last: string | null = null;
  const viaAnySite = async (action: 'Sim.Chargers' | 'Sim.Charger', payload: object) => {
    const sites = await repo.siteIds(ctx.db);
    for (const site of last ? [last, ...sites.filter((s) => s !== last)] : sites) {
      try {
        const answer = await ctx.devices.calls.call(siteKey(site), action, payload);
        last = site;
        return answer;
      } catch (error) {
        if (error instanceof DeviceOffline) continue;
        if (error instanceof DeviceCallError && error.code === 'not_found') throw notFound();
        throw unavailable();
      }
    }
    throw unavailable();
  };
  return {
    async state() {
      try {
        return ((await viaAnySite('Sim.Chargers', {})) as { chargers: SimChargerState[] }).chargers;
      } catch {
        return [];
      }
    },
    act: async (identity, connectorId, action, idTag) =>
      (await viaAnySite('Sim.Charger', {
        identity,
        connectorId,
        action,
        ...(idTag === undefined ? {} : { idTag }),
      })) as SimChargerState,
  };
}
