# syntax=docker/dockerfile:1
# Nearhand: build with every dependency, run with production dependencies only, as a non-root user.

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The dependency patches (patches/README.md) are applied by npm ci's postinstall; the build bundles what they fix.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.21.0-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/tmp/nearhand
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.ts telemetry.ts ./
COPY db ./db
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations also run at start (under an advisory lock); the platforms run them first as a release step:
#   node db/cli/migrate.ts
# --v8-pool-size=0: V8's background threads (garbage collection, compilation) number the cores less one, not a
# fixed four that outnumber a small machine's cores (decision 0056).
CMD ["node", "--v8-pool-size=0", "--import", "./telemetry.ts", "server.ts"]
