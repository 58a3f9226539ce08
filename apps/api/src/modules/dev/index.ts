// The development routes offer nothing to other modules; app.ts mounts them from routes.ts.
export {};
