# Takes, self-hosted: the production build's standalone output, run by server.mjs (docs/deploy.md).
#   docker build -t takes .
# One image serves any site: nothing of a deployment is built in. The build needs no database and no secret, and the
# server reads every value (.env.example), the browser's too, when it starts. .github/workflows/image.yml publishes it.

FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0
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
