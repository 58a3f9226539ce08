export { getStation, parseStationId, providerStations } from './service.ts';
export { findProduct } from './repo.ts';
