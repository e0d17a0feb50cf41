import { verifyToken } from '@/lib/auth';
import { adminAuth } from '@/lib/firebase-admin';
import { call } from '@/tests/support/api';
import { createAccount, deleteAccount, tamperToken } from '@/tests/support/emulator';

describe('Firebase ID token verification', () => {
  it('accepts a token issued by the auth emulator', async () => {
    const account = await createAccount();
    await expect(verifyToken(account.idToken)).resolves.toEqual({
      uid: account.uid,
      email: account.email,
      emailVerified: false,
      admin: false,
      signedInAt: expect.any(Date),
    });
  });

  it.each([
    ['garbage', () => 'not-a-token'],
    [
      'an expired token',
      (t: string) => tamperToken(t, { exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3700 }),
    ],
    ['a token for another project', (t: string) => tamperToken(t, { aud: 'someone-elses-project' })],
    ['a token from another issuer', (t: string) => tamperToken(t, { iss: 'https://evil.example/demo-takes' })],
  ])('refuses %s', async (_label, forge) => {
    const account = await createAccount();
    await expect(verifyToken(forge(account.idToken))).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a token whose account was deleted', async () => {
    const account = await createAccount();
    await deleteAccount(account.idToken);
    await expect(verifyToken(account.idToken)).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a disabled account, through the API too', async () => {
    const account = await createAccount();
    await adminAuth().updateUser(account.uid, { disabled: true });
    await expect(verifyToken(account.idToken)).rejects.toMatchObject({ status: 401 });
    const reply = await call('GET', `/api/users/users/${account.uid}`, { token: account.idToken });
    expect(reply).toMatchObject({ status: 401, body: { error: expect.any(String) } });
  });

  it('refuses an unsigned (alg: none) token once no emulator is configured', async () => {
    const account = await createAccount();
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      // Refused on its header alone, before any key is fetched: production never trusts an unsigned token.
      await expect(verifyToken(account.idToken)).rejects.toMatchObject({ status: 401 });
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
    }
    await expect(verifyToken(account.idToken)).resolves.toMatchObject({ uid: account.uid });
  });
});
