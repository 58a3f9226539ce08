# Støð's API with the built web app and console: one image for every API process of a cluster
# (compose.yaml). Node 24 comes from the base image; the runtime has production dependencies
# only and runs the TypeScript sources with Node's own type stripping, as `npm start` does.
# This file is not built by CI (no image registry is reachable there); `npm run cluster` runs
# the same topology from the checkout and is the tested path.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/ui/package.json packages/ui/
COPY packages/web-client/package.json packages/web-client/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
RUN STOD_SKIP_PREPARE=1 npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/ui/package.json packages/ui/
COPY packages/web-client/package.json packages/web-client/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
# Only the API's dependencies (and the domain package it uses) are installed.
RUN STOD_SKIP_PREPARE=1 npm ci --omit=dev --workspace=apps/api --no-audit --no-fund \
  && npm cache clean --force
COPY packages/domain packages/domain
COPY apps/api apps/api
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/console/dist apps/console/dist
USER node
EXPOSE 3000 8443 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
WORKDIR /app/apps/api
CMD ["node", "src/server.ts"]
