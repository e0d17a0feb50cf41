import { adminAuth } from '@/lib/firebase-admin';
import { RECENT_SIGN_IN_MS } from '@/lib/auth';
import { SESSION_MAX_AGE_MS, sessionCookie } from '@/lib/session';
import { call, inFuture, postTake, signUp, type TestUser } from '@/tests/support/api';
import { createAccount, revokeSessions, signedInAgo, tamperToken } from '@/tests/support/emulator';

/** The Set-Cookie header for the session cookie, or undefined. */
const sessionHeader = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('__session='));
const cookieValue = (header: string | undefined) => /^__session=([^;]*)/.exec(header ?? '')?.[1] ?? '';

async function startSession(user: { idToken: string }): Promise<string> {
  const reply = await call('POST', '/api/session', { token: user.idToken });
  expect(reply.status).toBe(200);
  return cookieValue(sessionHeader(reply.headers));
}

/** A page load as a browser makes it: a document request carrying the cookie. */
const page = (path: string, cookie: string) =>
  call('GET', path, { headers: { cookie: `__session=${cookie}`, 'sec-fetch-dest': 'document', accept: 'text/html' } });

let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  [author, fan] = await Promise.all([signUp('sessauthor'), signUp('sessfan')]);
});

describe('POST /api/session', () => {
  it('trades a fresh ID token for an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const reply = await call('POST', '/api/session', { token: fan.idToken });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ signedIn: true, expiresAt: expect.any(String) });
    expect(Date.parse(reply.body.expiresAt) - Date.now()).toBeGreaterThan(SESSION_MAX_AGE_MS - 60_000);
    const header = sessionHeader(reply.headers)!;
    expect(cookieValue(header).length).toBeGreaterThan(20);
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*SameSite=lax/i);
    expect(header).toMatch(/;\s*Path=\/(;|$)/);
    expect(header).toMatch(new RegExp(`;\\s*Max-Age=${SESSION_MAX_AGE_MS / 1000}`));
    // The cookie is what firebase-admin made of this account's sign-in.
    await expect(adminAuth().verifySessionCookie(decodeURIComponent(cookieValue(header)), true)).resolves.toMatchObject({ uid: fan.uid });
  });

  it('marks the cookie Secure on a production host (the test server runs on http beside the emulator)', () => {
    const saved = { node: process.env.NODE_ENV, emulator: process.env.FIREBASE_AUTH_EMULATOR_HOST };
    Object.assign(process.env, { NODE_ENV: 'production' });
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      expect(sessionCookie('value')).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
    } finally {
      Object.assign(process.env, { NODE_ENV: saved.node, FIREBASE_AUTH_EMULATOR_HOST: saved.emulator });
    }
  });

  it.each([
    ['no token', () => undefined],
    ['a garbage token', () => 'not-a-token'],
    [
      'an expired token',
      (t: string) => tamperToken(t, { exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3700 }),
    ],
    ['a token for another project', (t: string) => tamperToken(t, { aud: 'someone-elses-project' })],
  ])('answers %s with 401 and sets no cookie', async (_label, forge) => {
    const account = await createAccount('sessbad');
    const reply = await call('POST', '/api/session', { token: forge(account.idToken) });
    expect(reply).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    expect(sessionHeader(reply.headers)).toBeUndefined();
  });

  it('refuses a disabled account', async () => {
    const account = await createAccount('sessoff');
    await adminAuth().updateUser(account.uid, { disabled: true });
    const reply = await call('POST', '/api/session', { token: account.idToken });
    expect(reply.status).toBe(401);
    expect(sessionHeader(reply.headers)).toBeUndefined();
  });

  it('mints no cookie from an old sign-in, as Firebase’s guide has it: a stolen ID token starts no session', async () => {
    const reply = await call('POST', '/api/session', { token: fan.idToken, headers: inFuture(RECENT_SIGN_IN_MS + 60_000) });
    expect(reply).toMatchObject({ status: 401, body: { error: 'For your security, please sign in again to do this.' } });
    expect(reply.headers.get('www-authenticate')).toContain('insufficient_user_authentication');
    expect(sessionHeader(reply.headers)).toBeUndefined();
    expect((await call('POST', '/api/session', { token: fan.idToken, headers: inFuture(RECENT_SIGN_IN_MS - 60_000) })).status).toBe(200);
  });

  it('refuses an account signed out everywhere (its tokens revoked)', async () => {
    const account = await createAccount('sessrev');
    await revokeSessions(account.uid);
    const reply = await call('POST', '/api/session', { token: account.idToken });
    expect(reply.status).toBe(401);
    expect(sessionHeader(reply.headers)).toBeUndefined();
  });
});

describe('DELETE /api/session', () => {
  it('clears the cookie with the same attributes it was set with', async () => {
    const reply = await call('DELETE', '/api/session');
    expect(reply).toMatchObject({ status: 200, body: { signedIn: false, expiresAt: null } });
    const header = sessionHeader(reply.headers)!;
    expect(cookieValue(header)).toBe('');
    expect(header).toMatch(/;\s*Max-Age=0/);
    expect(header).toMatch(/;\s*Path=\/(;|$)/);
    expect(header).toMatch(/;\s*HttpOnly/i);
  });
});

describe('signing out', () => {
  it('ends the session on the server: a copy of the cookie reads no page as the fan afterwards', async () => {
    const account = await signUp('sessout');
    // Signed in a few seconds ago, as a fan signing out has been (Firebase compares whole seconds).
    const cookie = await startSession({ idToken: await signedInAgo(account, 5) });
    expect((await page('/', cookie)).body).toContain(`Your profile (${account.username})`);

    const reply = await call('DELETE', '/api/session', { headers: { cookie: `__session=${cookie}` } });
    expect(reply).toMatchObject({ status: 200, body: { signedIn: false, expiresAt: null } });
    expect(cookieValue(sessionHeader(reply.headers))).toBe('');

    // The copy kept elsewhere: refused on the server, so the page is a visitor's and the cookie is cleared.
    const copied = await page('/', cookie);
    expect(copied.body).not.toContain('Your profile');
    expect(cookieValue(sessionHeader(copied.headers))).toBe('');
    await expect(adminAuth().verifySessionCookie(decodeURIComponent(cookie), true)).rejects.toMatchObject({
      code: 'auth/session-cookie-revoked',
    });
  });

  it('without a cookie, or with one that names no one, only clears it', async () => {
    for (const headers of [{}, { cookie: '__session=forged.cookie.value' }] as Record<string, string>[]) {
      expect(await call('DELETE', '/api/session', { headers })).toMatchObject({ status: 200, body: { signedIn: false } });
    }
  });
});

describe('the session cookie on pages and the API', () => {
  it('renders a take for its holder with their like and favorite already on', async () => {
    const take = await postTake(author);
    await call('POST', '/api/user-action', { token: fan.idToken, body: { actionType: 'like', postID: take._id } });
    await call('POST', '/api/user-action', { token: fan.idToken, body: { actionType: 'favorite', postID: take._id } });
    const cookie = await startSession(fan);

    const signedIn = await page(`/takes/${take._id}`, cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatch(/aria-pressed="true"[^>]*>(<[^>]+>)*<span class="visually-hidden">Like<\/span>/);
    expect(signedIn.body).toContain('>Favorited<');
    expect(signedIn.body).toContain(`Your profile (${fan.username})`);

    const visitor = await call('GET', `/takes/${take._id}`);
    expect(visitor.body).not.toContain('aria-pressed="true"');
    expect(visitor.body).not.toContain('>Favorited<');
  });

  it('authorises no write: a mutation with the cookie and no bearer token is a 401', async () => {
    const take = await postTake(author);
    const cookie = await startSession(fan);
    const headers = { cookie: `__session=${cookie}` };
    expect((await call('POST', '/api/user-action', { headers, body: { actionType: 'like', postID: take._id } })).status).toBe(401);
    expect((await call('POST', '/api/comments', { headers, body: { text: 'cookie only', postID: take._id } })).status).toBe(401);
    expect((await call('GET', `/api/takes/${take._id}/counts`)).body).toMatchObject({ likes: 0 });
  });

  it.each([
    ['a forged cookie', async () => 'forged.cookie.value'],
    ['a token passed off as a cookie', async () => (await createAccount('sesstok')).idToken],
    [
      'the cookie of an account signed out everywhere',
      async () => {
        const account = await signUp('sessgone');
        const cookie = await startSession(account);
        await revokeSessions(account.uid);
        return cookie;
      },
    ],
  ])('%s gets the anonymous page, no error, and the cookie cleared', async (_label, cookieFor) => {
    const reply = await page('/', await cookieFor());
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('aria-label="Sign up"');
    expect(reply.body).not.toContain('Your profile');
    const header = sessionHeader(reply.headers)!;
    expect(cookieValue(header)).toBe('');
    expect(header).toMatch(/;\s*Max-Age=0/);
  });
});

describe('GET /api/user-action/{uid}/marks', () => {
  it('answers the viewer’s marks on the ids named, and nothing else', async () => {
    const [liked, favorited, untouched, elsewhere] = await Promise.all([
      postTake(author),
      postTake(author),
      postTake(author),
      postTake(author),
    ]);
    const comment = await call('POST', '/api/comments', { token: author.idToken, body: { text: 'mark me', postID: liked._id } });
    const act = (body: Record<string, unknown>) => call('POST', '/api/user-action', { token: fan.idToken, body });
    await act({ actionType: 'like', postID: liked._id });
    await act({ actionType: 'favorite', postID: favorited._id });
    await act({ actionType: 'dislike', commentID: comment.body._id });
    await act({ actionType: 'like', postID: elsewhere._id });

    const ids = [liked._id, favorited._id, untouched._id, comment.body._id].join(',');
    const reply = await call('GET', `/api/user-action/${fan.uid}/marks?ids=${ids}`, { token: fan.idToken });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      reactions: { [liked._id]: 'like', [comment.body._id]: 'dislike' },
      favorites: [favorited._id],
      votes: {},
    });
  });

  it('is the viewer’s own, needs ids, and takes at most 100', async () => {
    const take = await postTake(author);
    expect((await call('GET', `/api/user-action/${fan.uid}/marks?ids=${take._id}`)).status).toBe(401);
    expect((await call('GET', `/api/user-action/${author.uid}/marks?ids=${take._id}`, { token: fan.idToken })).status).toBe(403);
    expect((await call('GET', `/api/user-action/${fan.uid}/marks`, { token: fan.idToken })).status).toBe(400);
    expect((await call('GET', `/api/user-action/${fan.uid}/marks?ids=nope`, { token: fan.idToken })).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')).join(',');
    expect((await call('GET', `/api/user-action/${fan.uid}/marks?ids=${tooMany}`, { token: fan.idToken })).status).toBe(400);
  });
});
