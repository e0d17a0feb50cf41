// @ts-check
// Accounts on the Firebase Auth emulator for the scripts that act as fans
// (the API fuzz run, the benchmark). Plain Node with no dependencies.

/**
 * One Identity Toolkit call on the emulator.
 * @param {string} host
 * @param {string} call
 * @param {object} body
 * @returns {Promise<{ idToken: string; localId: string }>}
 */
async function identityToolkit(host, call, body) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`emulator ${call} failed: ${JSON.stringify(data)}`);
  return data;
}

/**
 * Creates an account and returns a sign-in's ID token for it, not the
 * sign-up's: the emulator stamps a new account's sign-in time before its
 * tokens-valid-after time, so when a second boundary falls between the two the
 * sign-up's own token reads as revoked (tests/support/emulator.ts, createAccount).
 * @param {string} host the emulator's host:port
 * @param {{ email: string; password: string }} account
 * @returns {Promise<{ uid: string; idToken: string }>}
 */
export async function emulatorAccount(host, account) {
  await identityToolkit(host, 'signUp', account);
  return emulatorSignIn(host, account);
}

/**
 * A sign-in's ID token for an account the emulator has (the demo seed's, for one).
 * @param {string} host the emulator's host:port
 * @param {{ email: string; password: string }} account
 * @returns {Promise<{ uid: string; idToken: string }>}
 */
export async function emulatorSignIn(host, account) {
  const { localId: uid, idToken } = await identityToolkit(host, 'signInWithPassword', account);
  return { uid, idToken };
}
