export { getStation, parseStationId, providerStations } from './service.ts';
export { findProduct, setOpeningHours } from './repo.ts';
