export {
  defineNotifications,
  forgetSession,
  forgetUser,
  notify,
  sendMessage,
  type PushEvent,
} from './service.ts';
export * as announce from './events.ts';
