import mongoose from 'mongoose';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { User } from '@/models';
import { RECENT_SIGN_IN_MS } from '@/lib/auth';
import { call, inFuture, postTake, signUp, type TestUser } from '@/tests/support/api';
import { createAccount } from '@/tests/support/emulator';

beforeAll(() => dbConnect());
afterAll(() => dbDisconnect());

const as = (user: TestUser | null) => ({ token: user?.idToken });
const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** A leaver with a take of their own. */
async function leaverWithTake() {
  const leaver = await signUp('leaver');
  const own = await postTake(leaver, { title: 'Leaving soon' });
  return { leaver, own };
}

// What the download holds and what a deletion removes, counts and keeps are tests/data/account.test.ts's; here, the
// download as a file, the recent sign-in both need, the typed username, and a deletion ending the fan's sign-in.
describe('download my data', () => {
  it('streams one JSON attachment of the viewer’s own, and nothing to a visitor', async () => {
    const fan = await signUp('leaver');
    const take = await postTake(fan, { title: 'Mine to download' });
    const reply = await call('GET', '/api/account/export', as(fan));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="takes-${fan.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(reply.body.profile).toMatchObject({ _id: fan._id, username: fan.username, email: fan.email });
    expect(reply.body.takes.map((t: any) => t._id)).toEqual([take._id]);
    expect((await call('GET', '/api/account/export')).status).toBe(401);
  });
});

describe('a recent sign-in', () => {
  const stale = () => inFuture(RECENT_SIGN_IN_MS + 60_000);
  const refusal = { status: 401, body: { error: 'For your security, please sign in again to do this.' } };

  it('is needed to delete the account or download its data; an old one is asked to sign in again', async () => {
    const fan = await signUp('stale');
    const deletion = await call('DELETE', '/api/account', { token: fan.idToken, body: { username: fan.username }, headers: stale() });
    expect(deletion).toMatchObject(refusal);
    expect(deletion.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_user_authentication", max_age=${RECENT_SIGN_IN_MS / 1000}`,
    );
    const download = await call('GET', '/api/account/export', { token: fan.idToken, headers: stale() });
    expect(download).toMatchObject(refusal);
    expect(download.headers.get('www-authenticate')).toContain('insufficient_user_authentication');
    expect(download.headers.get('content-disposition')).toBeNull();
    // Nothing was deleted; within the window both go ahead.
    expect((await call('GET', `/api/users/users/${fan.uid}`, as(fan))).status).toBe(200);
    const soon = inFuture(RECENT_SIGN_IN_MS - 60_000);
    expect((await call('GET', '/api/account/export', { token: fan.idToken, headers: soon })).status).toBe(200);
    expect((await call('DELETE', '/api/account', { token: fan.idToken, body: { username: fan.username }, headers: soon })).status).toBe(
      200,
    );
  });
});

describe('delete my account', () => {
  it('refuses without the typed username, and leaves everything as it was', async () => {
    const { leaver, own } = await leaverWithTake();
    expect((await call('DELETE', '/api/account', { body: { username: leaver.username } })).status).toBe(401);
    expect(await call('DELETE', '/api/account', { token: leaver.idToken, body: { username: 'someoneelse' } })).toMatchObject({
      status: 400,
      body: { error: 'Type your username exactly to confirm.' },
    });
    expect(await call('DELETE', '/api/account', { token: leaver.idToken, body: {} })).toMatchObject({ status: 400 });
    expect((await call('GET', `/api/takes/${own._id}`)).status).toBe(200);
    expect((await call('GET', `/api/users/full-profile/${leaver._id}`)).status).toBe(200);
  });

  it('deletes the account, ends the sign-in and frees the username', async () => {
    const { leaver, own } = await leaverWithTake();
    expect(
      await call('DELETE', '/api/account', { token: leaver.idToken, body: { username: leaver.username.toUpperCase() } }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Your account has been deleted.' },
    });
    expect((await call('GET', `/api/users/full-profile/${leaver._id}`)).status).toBe(404);
    expect((await call('GET', `/api/takes/${own._id}`)).status).toBe(404);
    expect((await call('GET', `/api/users/check-username/${leaver.username}`)).body).toEqual({ available: true });
    expect((await call('GET', `/api/users/users/${leaver.uid}`, as(leaver))).status).toBe(401);
    expect(await User.countDocuments({ _id: oid(leaver._id) })).toBe(0);

    // The username is free again for a newcomer.
    const newcomer = await createAccount('newcomer');
    expect(await call('POST', '/api/users', { token: newcomer.idToken, body: { username: leaver.username } })).toMatchObject({
      status: 201,
      body: { username: leaver.username },
    });
  });
});
