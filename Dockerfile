# Climatica: the SPA and the compiled server built with the dev dependencies, run by a runtime image without them.
# docs/deployment.md explains the volumes, the variables and the first tenant.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The install step (postinstall) prepares an empty PGlite cluster for first starts.
COPY server/cli/pglite-cluster.mjs ./server/cli/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    CONFIG_DIR=/data/config \
    STATIC_DIR=/app/dist \
    NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
COPY server/cli/pglite-cluster.mjs ./server/cli/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The compiled server and the SPA built above. The sources come too: `npm run tenant` checks the
# compiled server against them (docs/deployment.md#the-compiled-server) and the FatturaPA schema lives there.
COPY server ./server
COPY resources ./resources
COPY i18n ./i18n
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/dist ./dist
# DATA_DIR: PGlite (when DATABASE_URL is unset), uploaded files, the dev outbox; CONFIG_DIR: tenant configs.
RUN mkdir -p /data/config/tenants && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself as PID 1 (what `npm start` execs in production): `docker stop` sends SIGTERM to
# it, and it drains, closes the database and exits well within Docker's 10 s.
CMD ["node", "--enable-source-maps", "dist-server/index.js"]
