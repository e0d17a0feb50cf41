# Takes, self-hosted: the production build's standalone output, run by server.mjs (docs/deploy.md).
#   docker build -t takes --build-arg NEXT_PUBLIC_SITE_URL=https://takes.example.com \
#     --build-arg NEXT_PUBLIC_FIREBASE_API_KEY=… --build-arg NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN=… \
#     --build-arg NEXT_PUBLIC_FIREBASE_PROJECT_ID=… --build-arg NEXT_PUBLIC_FIREBASE_APP_ID=… .
# The build needs no database and no secret; the server variables (.env.example) are given when it runs.

FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The browser's values are written into its pages at build time (lib/public-env.ts). The Firebase web API key is not a
# secret: it names the project to the browser, which shows it to every visitor anyway.
ARG NEXT_PUBLIC_SITE_URL
ARG NEXT_PUBLIC_STORAGE_BASE_URL=/storage
# hadolint ignore=DL3064
ARG NEXT_PUBLIC_FIREBASE_API_KEY
ARG NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN
ARG NEXT_PUBLIC_FIREBASE_PROJECT_ID
ARG NEXT_PUBLIC_FIREBASE_APP_ID
# hadolint ignore=DL3064
ENV NEXT_PUBLIC_SITE_URL=$NEXT_PUBLIC_SITE_URL \
    NEXT_PUBLIC_STORAGE_BASE_URL=$NEXT_PUBLIC_STORAGE_BASE_URL \
    NEXT_PUBLIC_FIREBASE_API_KEY=$NEXT_PUBLIC_FIREBASE_API_KEY \
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN=$NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN \
    NEXT_PUBLIC_FIREBASE_PROJECT_ID=$NEXT_PUBLIC_FIREBASE_PROJECT_ID \
    NEXT_PUBLIC_FIREBASE_APP_ID=$NEXT_PUBLIC_FIREBASE_APP_ID
RUN npm run build

FROM node:22-bookworm-slim AS run
WORKDIR /app
# The same values again: the server checks them when it starts, and the images it draws read the storage base.
ARG NEXT_PUBLIC_SITE_URL
ARG NEXT_PUBLIC_STORAGE_BASE_URL=/storage
# hadolint ignore=DL3064
ARG NEXT_PUBLIC_FIREBASE_API_KEY
ARG NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN
ARG NEXT_PUBLIC_FIREBASE_PROJECT_ID
ARG NEXT_PUBLIC_FIREBASE_APP_ID
# hadolint ignore=DL3064
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    NEXT_PUBLIC_SITE_URL=$NEXT_PUBLIC_SITE_URL \
    NEXT_PUBLIC_STORAGE_BASE_URL=$NEXT_PUBLIC_STORAGE_BASE_URL \
    NEXT_PUBLIC_FIREBASE_API_KEY=$NEXT_PUBLIC_FIREBASE_API_KEY \
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN=$NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN \
    NEXT_PUBLIC_FIREBASE_PROJECT_ID=$NEXT_PUBLIC_FIREBASE_PROJECT_ID \
    NEXT_PUBLIC_FIREBASE_APP_ID=$NEXT_PUBLIC_FIREBASE_APP_ID
# Memory for a 512 MB container (docs/performance.md, memory): glibc's malloc on 2 arenas, buffers of 4 MB and more
# (a share image's canvas) given back when freed, and a V8 heap sized for the container, not the host. Only this stage
# has them: `next build` does not fit in 256 MB.
ENV MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=4194304 \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=8"
# The standalone output: server code, the packages it uses, public/, the browser's assets, server.mjs, scheduler.mjs.
# 1000 is the image's unprivileged `node` user.
COPY --from=build --chown=1000:1000 /app/.next/standalone ./
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.mjs"]
