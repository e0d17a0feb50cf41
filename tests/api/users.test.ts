import { call, signUp } from '@/tests/support/api';
import { createAccount } from '@/tests/support/emulator';

describe('POST /api/users', () => {
  it('creates the viewer with identity from the token, never from the body', async () => {
    const account = await createAccount('owner');
    const username = `Own${Date.now().toString(36).slice(-6)}`;
    const reply = await call('POST', '/api/users', {
      token: account.idToken,
      body: { username, firebaseUID: 'someone-else', email: 'x@evil.test', followersCount: 999 },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      username: username.toLowerCase(),
      profilePictureUrl: null,
      firebaseUID: account.uid,
      followersCount: 0,
      followingCount: 0,
      favoriteTeam: null,
      showFlair: true,
    });
    expect(JSON.stringify(reply.body)).not.toContain('@');
  });

  it.each([['abc'], ['1abc'], ['has space'], ['a'.repeat(16)], [{ $ne: null }], ['x'.repeat(10_000)]])(
    'refuses the username %j',
    async (username) => {
      const account = await createAccount('bad');
      const reply = await call('POST', '/api/users', { token: account.idToken, body: { username } });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toEqual(expect.any(String));
    },
  );

  it('needs a token', async () => {
    expect((await call('POST', '/api/users', { body: { username: 'nobody' } })).status).toBe(401);
  });
});

describe('reading users', () => {
  it('gives the session data to its owner only', async () => {
    const alice = await signUp('alice');
    const bob = await signUp('bob');
    expect(await call('GET', `/api/users/users/${alice.uid}`, { token: alice.idToken })).toMatchObject({
      status: 200,
      body: { _id: alice._id, username: alice.username },
    });
    expect((await call('GET', `/api/users/users/${alice.uid}`, { token: bob.idToken })).status).toBe(403);
    expect((await call('GET', `/api/users/users/${alice.uid}`)).status).toBe(401);
  });

  it('answers a username lookup, 404 before one is chosen', async () => {
    const user = await signUp('look');
    expect(await call('GET', `/api/users/profiles/${user.uid}`)).toMatchObject({ status: 200, body: { username: user.username } });
    const fresh = await createAccount('fresh');
    expect((await call('GET', `/api/users/profiles/${fresh.uid}`)).status).toBe(404);
    expect((await call('GET', `/api/users/profiles/${encodeURIComponent('{"$ne":null}')}`)).status).toBe(400);
  });

  it('serves a full profile with isFollowing and postsCount', async () => {
    const user = await signUp('full');
    const reply = await call('GET', `/api/users/full-profile/${user._id}`);
    expect(reply).toMatchObject({ status: 200, body: { _id: user._id, username: user.username, isFollowing: false, postsCount: 0 } });
    expect((await call('GET', '/api/users/full-profile/000000000000000000000000')).status).toBe(404);
    expect((await call('GET', '/api/users/full-profile/not-an-id')).status).toBe(400);
  });

  it('checks username availability with the product rules', async () => {
    const user = await signUp('avail');
    expect((await call('GET', `/api/users/check-username/${user.username.toUpperCase()}`)).body).toEqual({ available: false });
    expect((await call('GET', `/api/users/check-username/free${Date.now().toString(36).slice(-6)}`)).body).toEqual({ available: true });
    expect((await call('GET', '/api/users/check-username/1bad')).body).toEqual({ available: false });
  });
});

describe('follow and unfollow', () => {
  // Counts under repeats and races are tests/data/users.test.ts's; here, the API's answers.
  it('answers the followed profile, and refuses yourself, a visitor and a fan who is not there', async () => {
    const fan = await signUp('fan');
    const star = await signUp('star');
    expect(await call('POST', `/api/users/${star.uid}/follow`, { token: fan.idToken })).toMatchObject({
      status: 200,
      body: { _id: star._id, followersCount: 1, isFollowing: true },
    });
    expect(await call('POST', `/api/users/${star.uid}/unfollow`, { token: fan.idToken })).toMatchObject({
      status: 200,
      body: { followersCount: 0, isFollowing: false },
    });
    expect((await call('POST', `/api/users/${fan.uid}/follow`, { token: fan.idToken })).status).toBe(400);
    expect((await call('POST', `/api/users/${star.uid}/follow`)).status).toBe(401);
    expect((await call('POST', '/api/users/no-such-user/follow', { token: fan.idToken })).status).toBe(404);
  });
});
