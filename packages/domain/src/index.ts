export * from './messages/index.ts';
export * from './fields.ts';
export * from './account.ts';
export * from './notifications.ts';
export * from './system.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './stations.ts';
