import { call, signUp } from '@/tests/support/api';

// What a block or a mute hides and refuses, from whom, is tests/data/blocks.test.ts's; here, the API's answers.

describe('blocks and mutes over HTTP', () => {
  it('answers the choice, lists it on the account, undoes it, and validates its input', async () => {
    const [fan, troll] = await Promise.all([signUp('bfan'), signUp('btroll')]);
    const as = { token: fan.idToken };
    expect(await call('PUT', `/api/account/blocks/${troll._id}`, as)).toMatchObject({ status: 200, body: { blocking: true } });
    expect(await call('PUT', `/api/account/mutes/${troll._id}`, as)).toMatchObject({ status: 200, body: { muting: true } });
    expect((await call('GET', '/api/account/blocks', as)).body).toEqual({
      blocked: [{ _id: troll._id, username: troll.username, profilePictureUrl: null, flair: null }],
      muted: [{ _id: troll._id, username: troll.username, profilePictureUrl: null, flair: null }],
    });
    expect(await call('DELETE', `/api/account/blocks/${troll._id}`, as)).toMatchObject({ status: 200, body: { blocking: false } });
    expect(await call('DELETE', `/api/account/mutes/${troll._id}`, as)).toMatchObject({ status: 200, body: { muting: false } });

    expect((await call('PUT', `/api/account/mutes/${fan._id}`, as)).status).toBe(400);
    expect((await call('PUT', '/api/account/blocks/000000000000000000000000', as)).status).toBe(404);
    expect((await call('PUT', '/api/account/blocks/nope', as)).status).toBe(400);
    expect((await call('PUT', `/api/account/blocks/${troll._id}`)).status).toBe(401);
    expect((await call('GET', '/api/account/blocks')).status).toBe(401);
  });
});
