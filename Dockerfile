# CardioMap: the API and the worker in one image (the compose file runs both from it).
# Build from the repository root: docker build -t cardiomap .
# Runs as the unprivileged `node` user on a read-only root file system: the only writable places are
# DATA_DIR (/data, a volume: outbox, job folders, the local storage key) and /tmp (a tmpfs).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/domain/package.json packages/domain/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (web/dist) and the server's bundles (server/dist), then the dev-only packages out.
RUN npm run build && npm run build -w server && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8080 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# The PDF report sets Chinese, Japanese and Korean text in Noto Sans CJK (reports/pdf/fonts.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
# The bundles import packages from node_modules and read the migrations and codecs beside the sources.
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The built API (server/scripts/build.mjs's flags); the worker service runs server/dist/worker.mjs instead.
CMD ["node", "--max-semi-space-size=4", "server/dist/main.mjs"]
