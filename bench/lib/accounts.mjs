// @ts-check
// Signed-in fans for the write paths: real auth-emulator accounts with real ID tokens, each with an app username and an
// address of its own (X-Forwarded-For, which the app's abuse limits key on), as distinct fans on distinct networks are.
import { emulatorAccount } from '../../scripts/lib/emulator-account.mjs';

/** @typedef {{ id: string; headers: Record<string, string> }} Fan */

/** `count` fans, ten at a time; each has `headers` to send with its requests. @returns {Promise<Fan[]>} */
export async function createFans(/** @type {string} */ appUrl, /** @type {string} */ emulatorHost, /** @type {number} */ count) {
  const run = Date.now().toString(36).slice(-5);
  const fans = [];
  for (let i = 0; i < count; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
        const n = i + j;
        const { idToken } = await emulatorAccount(emulatorHost, { email: `bench-${run}-${n}@example.test`, password: 'bench-password-1' });
        const headers = {
          authorization: `Bearer ${idToken}`,
          'x-forwarded-for': `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`,
          'content-type': 'application/json',
        };
        const reply = await fetch(`${appUrl}/api/users`, { method: 'POST', headers, body: JSON.stringify({ username: `b${run}f${n}` }) });
        if (reply.status !== 201) throw new Error(`bench user ${n}: POST /api/users answered ${reply.status} ${await reply.text()}`);
        return { id: (await reply.json())._id, headers };
      }),
    );
    fans.push(...batch);
  }
  return fans;
}
