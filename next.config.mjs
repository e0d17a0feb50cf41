import { fileURLToPath } from 'node:url';
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';

// Several self-hosted instances share one data cache in Redis (docs/deploy.md). Whether to use it is decided when a
// server starts, so one build serves both ways: a self-hosted `next build` always names the handler (so the standalone
// output carries it and its packages; during the build it keeps entries in memory), a server in a checkout evaluates
// this file again and names it only when REDIS_URL is set, and server.mjs does the same for the standalone output,
// whose configuration is the build's.
const sharedCache = {
  cacheHandler: fileURLToPath(new URL('./lib/cache/redis-cache-handler.mjs', import.meta.url)),
  cacheMaxMemorySize: 0,
};

// Headers every answer carries (pages, API routes, assets), whatever the request says of itself. Next's router adds
// them before the proxy (middleware.ts) runs, which adds a page's Content-Security-Policy with its nonce; the API
// routes skip the proxy (its adapter was a fifth of a cached feed read's cost) and answer JSON, whose policy allows
// nothing. HSTS only over HTTPS, as the proxy in front says (a browser ignores it over HTTP anyway).
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()' },
];
const securityHeaders = async () => [
  { source: '/:path*', headers: SECURITY_HEADERS },
  {
    source: '/:path*',
    has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
    headers: [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }],
  },
  { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }] },
];

// npm test builds into its own folder so a running `npm run dev` is left alone.
const distDir = process.env.NEXT_DIST_DIR || '.next';

/** @type {(phase: string) => import('next').NextConfig} */
const nextConfig = (phase) => {
  // On Vercel the platform's data cache is shared by every function, and its builder packages the functions itself.
  const selfHostedBuild = phase === PHASE_PRODUCTION_BUILD && !process.env.VERCEL;
  return {
    ...(selfHostedBuild || process.env.REDIS_URL ? sharedCache : {}),
    // The build also writes a self-contained server (`<distDir>/standalone`, what the Docker image runs: docs/deploy.md);
    // server.mjs in a checkout runs the build in place.
    ...(selfHostedBuild ? { output: 'standalone' } : {}),
    distDir,
    // `next build` adds `<distDir>/types/**/*.ts` to the include of the tsconfig it reads, unless that one extends
    // another. tsconfig.json lists `.next`'s (the folder of `npm run dev` and `npm run build`); a build into a folder of
    // its own reads tsconfig.build.json, which extends it, so a test run's types stay in its folder and tsconfig.json
    // stays as committed.
    // `npm test` checks the types with tsc just before it builds, test files included (which Next's check leaves
    // out), and says so with TAKES_TYPES_CHECKED: a second pass would cost the build a third of its time.
    typescript: {
      ...(distDir === '.next' ? {} : { tsconfigPath: 'tsconfig.build.json' }),
      ignoreBuildErrors: process.env.TAKES_TYPES_CHECKED === '1',
    },
    poweredByHeader: false,
    headers: securityHeaders,
    reactStrictMode: true,
    // Loaded from node_modules at run time, not bundled. The tracing packages too (lib/tracing.ts): the MongoDB
    // instrumentation hooks Node's own module loading, which a bundled copy of the driver would never go through.
    serverExternalPackages: ['mongoose', 'firebase-admin', 'sharp', 'pino', '@vercel/otel', '@opentelemetry/instrumentation-mongodb'],
    typedRoutes: false,
    // `next dev` refuses its dev websocket to origins it does not know, and a page opened at
    // 127.0.0.1 would never hydrate; every loopback name is the developer's own machine.
    allowedDevOrigins: ['localhost', '127.0.0.1', '[::1]'],
    // `next dev`'s badge has no free corner on a phone: at 390 wide the bottom bar's Feed and Create + and the header's
    // logo and bell fill all four. Hidden, it covers none of them; build and runtime errors still open Next's overlay.
    devIndicators: false,
    experimental: {
      // Without Redis the data cache (lib/data/shared/list-cache.ts) lives in memory only: entries on disk would
      // outlive the process and its tag expiries, and serve another database's lists after a restart.
      isrFlushToDisk: false,
      // A page's CSS is render-blocking: it comes inside the HTML (no request to wait for before the first paint, which
      // on a phone's first visit is a round trip or more), and only what the route imports (a cost-based split rather
      // than every module's CSS merged into one sheet). The price: about 8 kB more HTML per page, not cached apart.
      cssChunking: 'graph',
      inlineCss: true,
      // What a module exports and the client never imports (a constants module's server-only numbers) is left out of the browser's
      // bundles: about 0.4 kB gzip off every page's first load, measured with `npm run bench`. An export the client
      // imports anywhere is kept wherever its module goes, which is why each icon is a module of its own
      // (components/ui/icons/): the sign-in form's Google mark no longer rides in every page's layout chunk.
      turbopackRemoveUnusedExports: true,
      turbopackRemoveUnusedImports: true,
    },
    // Image routes read fonts and emoji from disk at run time; make sure the host bundles them.
    outputFileTracingIncludes: {
      '/api/capture': ['./assets/fonts/**', './node_modules/@twemoji/svg/*.svg'],
      '/og/**': ['./assets/fonts/**', './node_modules/@twemoji/svg/*.svg'],
    },
  };
};

export default nextConfig;
