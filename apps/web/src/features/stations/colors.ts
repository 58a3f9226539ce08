import type { MergedStation, StationService } from '@stod/domain';
import { BRAND } from '../../config.ts';
import { safeColor } from './format.ts';
import type { ProductColor } from './store.ts';

/** A product's or a service's colour from the API; the brand's when there is none (guests). */
export function colorOf(code: string, colors: readonly ProductColor[]): string {
  return safeColor(colors.find((c) => c.code === code)?.color, BRAND.colors.primary);
}

/** A station's marker colour: the listed service's, or the station's first service's. */
export function stationColor(
  station: MergedStation,
  colors: readonly ProductColor[],
  service?: StationService,
): string {
  return colorOf(service ?? station.services[0] ?? '', colors);
}
