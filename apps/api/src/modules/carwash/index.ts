export { baysOf, defineCarwash, resumeWash, startCarwash, watchCarwash } from './service.ts';
export { carwashRoutes } from './routes.ts';
