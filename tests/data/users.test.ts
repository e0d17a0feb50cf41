import { createUser, CREATE_USER_FAILED } from '@/lib/data/people/users';
import { type Fan, followFan, outcome, profile, sessionUser, signUp, unfollowFan } from '@/tests/data/support/fans';

describe('usernames', () => {
  it('refuses a taken username, whatever its case, with the product message', async () => {
    const first = await signUp('taken');
    const identity = {
      uid: 'second-taken',
      email: 'second-taken@example.test',
      emailVerified: false,
      admin: false,
      signedInAt: new Date(),
    };
    expect(await outcome(() => createUser(identity, first.username.toUpperCase(), { address: null, at: new Date() }))).toMatchObject({
      status: 409,
      body: { error: CREATE_USER_FAILED },
    });
  });
});

describe('follow and unfollow', () => {
  it('keeps both counts exact, is idempotent and refuses yourself', async () => {
    const fan = await signUp('fan');
    const star = await signUp('star');
    await Promise.all(Array.from({ length: 10 }, () => followFan(fan, star)));
    expect(await profile(star, fan)).toMatchObject({ followersCount: 1, isFollowing: true });
    expect((await sessionUser(fan)).followingCount).toBe(1);

    await unfollowFan(fan, star);
    await unfollowFan(fan, star);
    expect(await profile(star, fan)).toMatchObject({ followersCount: 0, isFollowing: false });
    expect((await sessionUser(fan)).followingCount).toBe(0);

    expect(await outcome(() => followFan(fan, fan))).toMatchObject({ status: 400, body: { error: 'You cannot follow yourself.' } });
    const nobody: Fan = { ...fan, uid: 'no-such-user' };
    expect((await outcome(() => followFan(fan, nobody))).status).toBe(404);
  });

  it('counts 20 different followers arriving at once', async () => {
    const star = await signUp('celeb');
    const fans = await Promise.all(Array.from({ length: 20 }, () => signUp('crowd')));
    await Promise.all(fans.map((f) => followFan(f, star)));
    expect((await profile(star)).followersCount).toBe(20);
  });
});
