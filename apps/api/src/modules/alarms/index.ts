import type { ModuleDefinition } from '../../platform/modules.ts';
import { everyIfSet } from '../../platform/modules.ts';
import { alarmRoutes as routes } from './routes.ts';
import { sweepAlarms as sweep } from './service.ts';
import { watchAlarms as watch } from './watch.ts';
export { sweepAlarms } from './service.ts';

/** The alarm screen: what fails or waits across the network, raised, acknowledged, escalated. */
export const alarmsModule: ModuleDefinition = {
  name: 'alarms',
  routes: [routes],
  jobs: (jobs, config) => {
    everyIfSet(jobs, 'alarms.sweep', config.ALARM_SWEEP_SECONDS, sweep);
  },
  watchers: [watch],
  staffNotices: {
    // The alarm screens of the station (or, for the network's, the operators') read again.
    'alarm.changed': ({ stationId }) => ({
      rooms:
        stationId === null ? ['stations:all'] : [`station:${String(stationId)}`, 'stations:all'],
      event: 'alarm.changed',
      data: { stationId },
    }),
  },
};
