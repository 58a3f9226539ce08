import { setTimeout as sleep } from 'node:timers/promises';
import { seedStations } from './network.ts';
import {
  ProviderUnavailableError,
  type ProviderStation,
  type ProviderStationsPort,
} from './port.ts';

export interface ProviderStationsSimOptions {
  latencyMs: number;
  failureRate: number;
  timeoutMs?: number;
  random?: () => number;
}

/**
 * The payment provider's station list as the built-in simulator serves it: it
 * knows every demo station but the newest one (not yet onboarded), answers after
 * a delay, and sometimes fails the way a remote service does.
 */
export function providerStationsSim(options: ProviderStationsSimOptions): ProviderStationsPort {
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 5000;
  const onboarded = seedStations.slice(0, -1);
  const list: ProviderStation[] = onboarded.map((station, i) => ({
    id: `MP-${String(5000 + i)}`,
    tokheim_station_id: station.tokheimStationId,
    name: station.name,
    merchantId: 'STOD-FO',
    // One station takes cards at the pump but not payment in the app yet.
    appPaymentEnabled: i !== 14,
    acceptedCards: ['visa', 'mastercard', 'stodkort'],
  }));
  return {
    async list() {
      const jitter = options.latencyMs * (0.5 + random());
      if (jitter > timeoutMs) throw new ProviderUnavailableError('timeout');
      await sleep(jitter);
      if (random() < options.failureRate) throw new ProviderUnavailableError('503 from provider');
      return list.map((item) => ({ ...item, acceptedCards: [...item.acceptedCards] }));
    },
  };
}
