export * from './users.ts';
export * from './system.ts';
export * from './stations.ts';
export * from './gateway-sim.ts';
export * from './wallet.ts';
export * from './identity.ts';
export * from './receipts.ts';
export * from './vouchers.ts';
