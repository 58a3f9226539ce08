import type { ModuleDefinition } from '../../platform/modules.ts';
import { notificationDevRoutes, notificationRoutes } from './routes.ts';
import { defineNotifications as defineJobs } from './service.ts';
export {
  defineNotifications,
  forgetSession,
  forgetUser,
  notify,
  sendMessage,
  type PushEvent,
} from './service.ts';
export * as announce from './events.ts';

export const notificationsModule: ModuleDefinition = {
  name: 'notifications',
  routes: [notificationRoutes],
  devRoutes: [notificationDevRoutes],
  // Push messages are sent by a job, retried with back-off.
  jobs: (jobs) => {
    defineJobs(jobs);
  },
};
