export { foodRoutes } from './routes.ts';
export { expireUnanswered } from './kitchen.ts';
export { simulateKitchens } from './kitchen-sim.ts';
