# syntax=docker/dockerfile:1
# The catalog image (services/catalog). Build context: the repository root (see docker-compose.yml and docs/compose.md).
#   docker build -f infra/docker/catalog.Dockerfile -t coffee-guide/catalog .
# The build stage is identical in every app's Dockerfile up to the `npm ci` layer, so Docker builds that
# layer once and reuses it for the five images.

# ---- build: install everything, compile the libs and the app
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true
# Every workspace's package.json, so `npm ci` sees the same workspaces as the lockfile.
COPY package.json package-lock.json tsconfig.base.json ./
COPY libs/domain/package.json libs/domain/
COPY libs/contracts/package.json libs/contracts/
COPY libs/recipe/package.json libs/recipe/
COPY libs/nest-common/package.json libs/nest-common/
COPY services/catalog/package.json services/catalog/
COPY services/locations/package.json services/locations/
COPY services/content/package.json services/content/
COPY services/auth/package.json services/auth/
COPY bff/package.json bff/
COPY frontend/package.json frontend/
COPY infra/package.json infra/
# No dependency needs an install script (native modules ship prebuilds), see ../shared/TOOLCHAIN.md.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY libs/domain libs/domain
COPY libs/contracts libs/contracts
COPY libs/recipe libs/recipe
COPY libs/nest-common libs/nest-common
COPY services/catalog services/catalog
# tsc -b follows the project references: libs/contracts, libs/nest-common, libs/recipe, then the app.
RUN npx tsc -b services/catalog/tsconfig.app.json \
 && mkdir -p services/catalog/seed

# ---- runtime: production dependencies of this app only, the compiled code, the seed
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
# V8's old generation sized for this app, as in the Kubernetes manifests: sized for the machine (a quarter of
# its memory, up to 4 GB) V8 lets the heap grow 4 times past what survived a collection before the next one,
# sized in hundreds of MB about 1.3 times, so an idle process keeps no burst of garbage; and the young
# generation, held at its largest after a burst, kept small (docs/capacity.md).
ENV NODE_OPTIONS="--max-old-space-size=224 --max-semi-space-size=4"
# glibc's allocator: two arenas, not eight per core, and a fixed mmap threshold, so a large block (argon2's
# 19 MiB per password check, a compressed page) is mapped and given back when freed instead of staying in
# an arena (docs/capacity.md): with both, the five processes idle 32 MB lower after the bench.
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/domain/package.json libs/domain/
COPY libs/contracts/package.json libs/contracts/
COPY libs/recipe/package.json libs/recipe/
COPY libs/nest-common/package.json libs/nest-common/
COPY services/catalog/package.json services/catalog/
COPY services/locations/package.json services/locations/
COPY services/content/package.json services/content/
COPY services/auth/package.json services/auth/
COPY bff/package.json bff/
COPY frontend/package.json frontend/
COPY infra/package.json infra/
# Only services/catalog's dependencies; the workspace libs are linked (node_modules/@coffee-guide/* -> libs/*).
RUN npm ci --omit=dev --workspace services/catalog --include-workspace-root=false --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force
COPY --from=build /app/libs/domain/dist libs/domain/dist
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/recipe/dist libs/recipe/dist
COPY --from=build /app/libs/nest-common/dist libs/nest-common/dist
COPY --from=build /app/services/catalog/dist services/catalog/dist
COPY --from=build /app/services/catalog/seed services/catalog/seed
USER node
ENV CATALOG_PORT=3001
EXPOSE 3001
# No curl in the image: Node's fetch. Compose repeats this check (docker-compose.yml).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.CATALOG_PORT||3001)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# The app finishes in-flight requests on SIGTERM (graceful shutdown in libs/nest-common), then exits.
STOPSIGNAL SIGTERM
CMD ["node", "services/catalog/dist/main.js"]
