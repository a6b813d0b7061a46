# syntax=docker/dockerfile:1
# The storefront as an image: `docker build -t storefront .` (README "Containers"; compose.yaml runs
# PostgreSQL, two nodes and nginx). Two stages: `build` installs every dependency, builds the
# browser app into dist/ and drops the dev dependencies; `runtime` holds what `storefront start`
# reads, owned by root and run as the unprivileged `node` user.
ARG NODE_IMAGE=node:20.20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 fetches its prebuilt binary for Node 20 on linux x64/arm64 (glibc) from GitHub;
# a build that cannot reach it compiles instead, and then needs python3, make and g++ here:
#   RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The .br/.gz siblings of the built files are made here once: the runtime's dist/ is read-only, and
# the server would otherwise serve every asset uncompressed (kernel/server/precompress.ts).
RUN npm run build \
 && node --import ./cli/register.js --input-type=module \
      -e "const { precompressDir } = await import('./kernel/server/precompress.ts'); precompressDir('dist');" \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# HOST: listen on every interface of the container (the default 127.0.0.1 is unreachable from outside).
# STOREFRONT_DATA_DIR: the SQLite file and, without UPLOADS_DIR, the uploads; mount a volume there.
ENV HOST=0.0.0.0 \
    PORT=8080 \
    STOREFRONT_DATA_DIR=/data
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/cli ./cli
COPY --from=build /app/kernel ./kernel
COPY --from=build /app/plugins ./plugins
# A node mirrors the site config it applies into config/sites/<site>.json, so that folder is the app's.
COPY --from=build --chown=node:node /app/config ./config
# /data and /uploads (compose.yaml's shared upload volume) start out owned by `node`, and so do
# the named volumes mounted there; node_modules/.cache keeps the compiled CLI (cli/compiled.js).
RUN mkdir -p /data /uploads node_modules/.cache \
 && chown node:node /data /uploads node_modules/.cache
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "cli/bin.js", "start"]
