export {
  defineNotifications,
  forgetSession,
  forgetUser,
  notify,
  sendMessage,
  type PushEvent,
} from './service.ts';
export { notificationRoutes } from './routes.ts';
export { notificationDevRoutes } from './dev-routes.ts';
export * as announce from './events.ts';
