import { call, postTake, signUp, TEAMS, type TestUser } from '@/tests/support/api';

const TEAM = TEAMS[7]!;
type Flair = { team: number; name: string } | null;

const setTeam = (user: TestUser, team: number | null) =>
  call('PUT', `/api/users/${user._id}/favorite-team`, { token: user.idToken, body: { team } });
const setFlair = (user: TestUser, show: unknown, as: TestUser = user) =>
  call('PUT', `/api/users/${user._id}/flair`, { token: as.idToken, body: { show } });

/** The author's badge wherever the fan's name shows: their take alone, in the newest-first feed, on a comment, on their profile. */
async function badges(fan: TestUser, takeId: string, commentTakeId: string) {
  const [take, feed, comments, profile] = await Promise.all([
    call('GET', `/api/takes/${takeId}`),
    call('GET', '/api/takes?sort=new&limit=50'),
    call('GET', `/api/comments?postID=${commentTakeId}`),
    call('GET', `/api/users/full-profile/${fan._id}`),
  ]);
  const inFeed = (feed.body as { _id: string; createdBy: { flair: Flair } }[]).find((t) => t._id === takeId);
  const comment = (comments.body.comments as { user: { _id: string; flair: Flair } }[]).find((c) => c.user._id === fan._id);
  return { take: take.body.createdBy.flair, feed: inFeed?.createdBy.flair, comment: comment?.user.flair, profile: profile.body.flair };
}

describe('team flair', () => {
  let fan: TestUser;
  let other: TestUser;
  let take: string;
  let commented: string;
  beforeAll(async () => {
    [fan, other] = await Promise.all([signUp('flair'), signUp('flairread')]);
    take = (await postTake(fan, { title: 'Flair take' }))._id;
    commented = (await postTake(other, { title: 'Commented on' }))._id;
    expect((await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'With a badge', postID: commented } })).status).toBe(
      201,
    );
  });

  it('shows none for a fan without a favourite team', async () => {
    expect(await badges(fan, take, commented)).toEqual({ take: null, feed: null, comment: null, profile: null });
  });

  it("shows the fan's team beside their name on takes (cached lists too), comments and the profile", async () => {
    // The feed is read first, so the change must reach a cached list.
    await call('GET', '/api/takes?sort=new&limit=50');
    expect((await setTeam(fan, TEAM.id)).status).toBe(200);
    const badge = { team: TEAM.id, name: expect.any(String) };
    expect(await badges(fan, take, commented)).toEqual({ take: badge, feed: badge, comment: badge, profile: badge });
    const { body } = await call('GET', `/api/takes/${take}`);
    expect(TEAM.name).toContain(body.createdBy.flair.name);
  });

  it('is turned off and on by the fan alone, everywhere at once', async () => {
    const off = await setFlair(fan, false);
    expect(off).toMatchObject({ status: 200, body: { showFlair: false, favoriteTeam: TEAM.id } });
    expect(await badges(fan, take, commented)).toEqual({ take: null, feed: null, comment: null, profile: null });
    expect((await call('GET', `/api/users/users/${fan.uid}`, { token: fan.idToken })).body).toMatchObject({
      showFlair: false,
      favoriteTeam: TEAM.id,
    });

    expect((await setFlair(fan, true)).body.showFlair).toBe(true);
    expect((await badges(fan, take, commented)).take).toEqual({ team: TEAM.id, name: expect.any(String) });
  });

  it('refuses another fan, a visitor and anything but true or false', async () => {
    expect(await setFlair(fan, false, other)).toMatchObject({ status: 403, body: { error: 'You can only change your own badge.' } });
    expect(await call('PUT', `/api/users/${fan._id}/flair`, { body: { show: false } })).toMatchObject({ status: 401 });
    for (const show of ['false', 1, null, { $ne: null }])
      expect(await setFlair(fan, show)).toMatchObject({ status: 400, body: { error: 'show: must be true or false' } });
    expect((await call('GET', `/api/users/full-profile/${fan._id}`)).body.showFlair).toBe(true);
  });
});
