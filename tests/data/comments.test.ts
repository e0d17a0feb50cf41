import { getCommentCounts } from '@/lib/data/comments/comments';
import { getTake } from '@/lib/data/takes/takes';
import { act, comment, commentsPage, type Fan, outcome, plain, postTake, signUp, topComment } from '@/tests/data/support/fans';

let author: Fan;
let fan: Fan;
beforeAll(async () => {
  [author, fan] = await Promise.all([signUp('op'), signUp('commenter')]);
});

const commentsCount = async (takeId: string) => (await getTake(takeId)).commentsCount;
const tryComment = (who: Fan, body: Record<string, unknown>) => outcome(() => comment(who, body));

describe('comments and replies', () => {
  it('adds a trimmed comment, a reply tagging its author, and counts both on the take', async () => {
    const take = await postTake(author);
    const top = await comment(fan, { text: '  Hot take!  ', postID: take._id, parentComment: '', taggedUser: null });
    expect(top).toMatchObject({
      text: 'Hot take!',
      postID: take._id,
      parentComment: null,
      taggedUser: null,
      user: { _id: fan._id, username: fan.username },
      likes: 0,
      repliesCount: 0,
    });
    const reply = await comment(author, { text: 'Thanks', postID: take._id, parentComment: top._id, taggedUser: fan._id });
    expect(reply).toMatchObject({ parentComment: top._id, taggedUser: { _id: fan._id, username: fan.username } });

    expect(await commentsCount(take._id)).toBe(2);
    expect(await commentsPage(null, take._id)).toMatchObject({ totalComments: 1, comments: [{ _id: top._id, repliesCount: 1 }] });
    expect(await commentsPage(null, top._id)).toMatchObject({ totalComments: 1, comments: [{ _id: reply._id }] });
  });

  it('refuses replies to replies, parents of another take and unknown tagged users', async () => {
    const take = await postTake(author);
    const elsewhere = await postTake(author);
    const top = await comment(fan, { text: 'first', postID: take._id });
    const reply = await comment(fan, { text: 'second', postID: take._id, parentComment: top._id });
    expect((await tryComment(fan, { text: 'x', postID: take._id, parentComment: reply._id })).status).toBe(400);
    expect((await tryComment(fan, { text: 'x', postID: elsewhere._id, parentComment: top._id })).status).toBe(400);
    expect((await tryComment(fan, { text: 'x', postID: take._id, taggedUser: '000000000000000000000000' })).status).toBe(400);
    expect((await tryComment(fan, { text: 'x', postID: '000000000000000000000000' })).status).toBe(404);
  });

  it('tags a user by username in any case, storing their id and username as a tag by id does', async () => {
    const take = await postTake(author);
    const top = await comment(fan, { text: 'first', postID: take._id });
    const byName = await comment(author, {
      text: 'by name',
      postID: take._id,
      parentComment: top._id,
      taggedUser: fan.username.toUpperCase(),
    });
    expect(byName).toMatchObject({ taggedUser: { _id: fan._id, username: fan.username } });
    const byId = await comment(author, { text: 'by id', postID: take._id, parentComment: top._id, taggedUser: fan._id });
    expect(byId.taggedUser).toEqual(byName.taggedUser);
    expect((await commentsPage(null, top._id)).comments.map((c: { taggedUser: unknown }) => c.taggedUser)).toEqual([
      { _id: fan._id, username: fan.username },
      { _id: fan._id, username: fan.username },
    ]);
  });

  it('refuses an unknown tagged username with a 400 that says so, and counts nothing', async () => {
    const take = await postTake(author);
    expect(await tryComment(fan, { text: 'x', postID: take._id, taggedUser: 'nobody_here_zz' })).toMatchObject({
      status: 400,
      body: { error: 'No user is named nobody_here_zz.' },
    });
    expect(await commentsCount(take._id)).toBe(0);
  });

  it('pages 15 at a time and keeps commentsCount exact under 20 concurrent comments', async () => {
    const take = await postTake(author);
    await Promise.all(Array.from({ length: 20 }, (_, i) => comment(fan, { text: `c${i}`, postID: take._id })));
    const first = await commentsPage(null, take._id);
    expect(first.comments).toHaveLength(15);
    expect(first.totalComments).toBe(20);
    const second = await commentsPage(null, take._id, 'skip=15&limit=15');
    expect(second.comments).toHaveLength(5);
    expect(await commentsCount(take._id)).toBe(20);
  });

  it('reaches every page after the cursor of the one before, as skip does: newest, best and replies', async () => {
    const take = await postTake(author);
    const made: string[] = [];
    for (let i = 0; i < 7; i += 1) made.push((await comment(fan, { text: `paged ${i}`, postID: take._id }))._id);
    // Best has ties (two liked, the rest not): the cursor carries the _id that breaks them.
    for (const id of [made[2], made[5]]) await act(author, { actionType: 'like', commentID: id });
    for (let i = 0; i < 5; i += 1) await comment(author, { text: `reply ${i}`, postID: take._id, parentComment: made[0] });

    const walk = async (postID: string, sort: string, by: 'skip' | 'cursor') => {
      const seen: string[] = [];
      let next: { skip: number; cursor: string | null } | null = { skip: 0, cursor: null };
      while (next) {
        const cursor = by === 'cursor' && next.cursor ? `&cursor=${next.cursor}` : '';
        const page: Awaited<ReturnType<typeof commentsPage>> = await commentsPage(
          null,
          postID,
          `sort=${sort}&limit=2&skip=${next.skip}${cursor}`,
        );
        seen.push(...page.comments.map((c: { _id: string }) => c._id));
        expect(page.nextCursor === null).toBe(page.nextSkip === null);
        next = page.nextSkip === null ? null : { skip: page.nextSkip, cursor: page.nextCursor };
      }
      return seen;
    };
    expect(await walk(take._id, 'new', 'cursor')).toEqual([...made].reverse());
    expect(await walk(take._id, 'new', 'skip')).toEqual([...made].reverse());
    const best = await walk(take._id, 'best', 'cursor');
    expect(best.slice(0, 2).sort()).toEqual([made[2], made[5]].sort());
    expect(best).toEqual(await walk(take._id, 'best', 'skip'));
    expect(new Set(best)).toEqual(new Set(made));
    const replies = await walk(made[0]!, 'new', 'cursor');
    expect(replies).toHaveLength(5);
    expect(replies).toEqual(await walk(made[0]!, 'new', 'skip'));
  });

  it('finds the most-liked top comment, or null', async () => {
    const take = await postTake(author);
    expect(await topComment(null, take._id)).toEqual({ topComment: null });
    await comment(fan, { text: 'meh', postID: take._id });
    const best = await comment(fan, { text: 'best', postID: take._id });
    await act(author, { actionType: 'like', commentID: best._id });
    expect((await topComment(null, take._id)).topComment).toMatchObject({ _id: best._id, likes: 1 });
    expect(plain(await getCommentCounts(best._id))).toEqual({ likes: 1, dislikes: 0 });
    expect((await outcome(() => getCommentCounts('000000000000000000000000'))).status).toBe(404);
  });
});
