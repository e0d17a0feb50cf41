// @ts-check
// Stops the database tests/data/support/global-setup.mjs started, if it started one.
export default async function globalTeardown() {
  const stop = /** @type {{ __takesDataDb?: () => Promise<void> }} */ (globalThis).__takesDataDb;
  if (stop) await stop();
}
