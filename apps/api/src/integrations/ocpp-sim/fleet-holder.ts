import type { ChargerFleet } from './types.ts';

let running: ChargerFleet | null = null;

/** The server names the fleet it started, so the development routes can reach it. */
export function setChargerFleet(fleet: ChargerFleet | null) {
  running = fleet;
}

/** The running fleet of simulated chargers, or null when none runs. */
export const chargerFleet = (): ChargerFleet | null => running;
