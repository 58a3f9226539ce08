export * from './users.ts';
export * from './system.ts';
export * from './stations.ts';
