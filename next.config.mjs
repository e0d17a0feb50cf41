/** @type {import('next').NextConfig} */
const nextConfig = {
  // npm test builds into its own folder so a running `npm run dev` is left alone.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['mongoose', 'firebase-admin', 'sharp'],
  typedRoutes: false,
};

export default nextConfig;
