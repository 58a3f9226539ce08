export { getStation, parseStationId, providerStations } from './service.ts';
