/** Runs once when a server process starts: a bad environment stops it here, naming the variable. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('@/lib/env');
  env();
}
