import { getCommentCounts } from '@/lib/data/comments/comments';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { deleteCommentAs } from '@/lib/data/moderation/moderated-comments';
import { listUserActions } from '@/lib/data/reactions/user-actions';
import { isModerator } from '@/lib/data/shared/roles';
import { getTake } from '@/lib/data/takes/takes';
import {
  act,
  comment,
  commentsPage,
  type Fan,
  notifications,
  outcome,
  plain,
  postTake,
  signInAdmin,
  signUp,
  topComment,
} from '@/tests/data/support/fans';

let author: Fan;
let fan: Fan;
let other: Fan;
beforeAll(async () => {
  [author, fan, other] = await Promise.all([signUp('del'), signUp('delfan'), signUp('delother')]);
});

/** DELETE /api/comments/{id}: the "[deleted]" placeholder left for its replies, or null. */
const remove = (user: Fan, id: string) =>
  outcome<{ comment: any }>(async () => ({ comment: await deleteCommentAs(id, user.id, { moderator: await isModerator(user.identity) }) }));
const commentsCount = async (takeId: string) => (await getTake(takeId)).commentsCount;
const list = (postID: string) => commentsPage(null, postID);
const like = (user: Fan, commentID: string) => outcome(() => act(user, { actionType: 'like', commentID }));

describe('deleting a comment or reply', () => {
  it('removes a comment without replies entirely, with its reactions and the notification it caused', async () => {
    const take = await postTake(author);
    const mine = await comment(fan, { text: 'Delete me', postID: take._id });
    expect((await like(author, mine._id)).status).toBe(200);
    expect((await notifications(author)).notifications.some((n) => n.comment?._id === mine._id)).toBe(true);

    expect(await remove(fan, mine._id)).toMatchObject({ status: 200, body: { comment: null } });
    expect(await list(take._id)).toEqual({ comments: [], totalComments: 0, nextSkip: null, nextCursor: null });
    expect(await commentsCount(take._id)).toBe(0);
    expect(plain<{ commentID?: string }[]>(await listUserActions(author.id)).some((a) => a.commentID === mine._id)).toBe(false);
    expect((await notifications(author)).notifications.some((n) => n.comment?._id === mine._id)).toBe(false);
    expect((await outcome(() => getCommentCounts(mine._id))).status).toBe(404);
  });

  it('answers a second delete with 404, and refuses everyone but the author with 403', async () => {
    const take = await postTake(author);
    const mine = await comment(fan, { text: 'Only mine', postID: take._id });
    expect(await remove(other, mine._id)).toMatchObject({ status: 403, body: { error: 'Only the author can delete this comment.' } });
    // The take's author is not the comment's.
    expect((await remove(author, mine._id)).status).toBe(403);
    expect((await remove(fan, mine._id)).status).toBe(200);
    expect(await remove(fan, mine._id)).toMatchObject({ status: 404, body: { error: 'Comment not found.' } });
    expect((await remove(fan, '000000000000000000000000')).status).toBe(404);
  });

  it('keeps a comment with replies as "[deleted]": author, text and reactions gone, replies and counts exact', async () => {
    const take = await postTake(author);
    const top = await comment(fan, { text: 'Bold claim', postID: take._id });
    const runnerUp = await comment(other, { text: 'Second best', postID: take._id });
    const replies = [
      await comment(author, { text: 'Disagree', postID: take._id, parentComment: top._id, taggedUser: fan._id }),
      await comment(other, { text: 'Agree', postID: take._id, parentComment: top._id }),
    ];
    await like(author, top._id);
    await like(other, top._id);
    await like(fan, runnerUp._id);
    expect((await topComment(null, take._id)).topComment._id).toBe(top._id);

    const answer = await remove(fan, top._id);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        comment: { _id: top._id, deleted: true, text: '[deleted]', user: { _id: '', username: '[deleted]' }, likes: 0, repliesCount: 2 },
      },
    });
    expect(JSON.stringify(answer.body)).not.toContain('Bold claim');
    const page = await list(take._id);
    expect(page.totalComments).toBe(2);
    expect(page.comments.find((c) => c._id === top._id)).toMatchObject({ deleted: true, text: '[deleted]', repliesCount: 2 });
    expect((await list(top._id)).comments.map((c) => c._id)).toEqual(replies.map((r) => r._id));
    expect(await commentsCount(take._id)).toBe(3);
    // The top comment is the best one still standing.
    expect((await topComment(null, take._id)).topComment._id).toBe(runnerUp._id);
    // Nothing more can be done to the placeholder.
    expect((await like(author, top._id)).status).toBe(404);
    expect(await outcome(() => comment(author, { text: 'late', postID: take._id, parentComment: top._id }))).toMatchObject({
      status: 400,
      body: { error: 'That comment was deleted.' },
    });
    expect((await remove(fan, top._id)).status).toBe(404);

    // The placeholder goes with its last reply.
    expect((await remove(author, replies[0]!._id)).status).toBe(200);
    expect((await list(take._id)).comments.find((c) => c._id === top._id)).toMatchObject({ repliesCount: 1 });
    expect(await remove(other, replies[1]!._id)).toMatchObject({ status: 200, body: { comment: null } });
    expect((await list(take._id)).comments.map((c) => c._id)).toEqual([runnerUp._id]);
    expect(await commentsCount(take._id)).toBe(1);
  });

  it("lets a moderator delete anyone's comment", async () => {
    const admin = await signInAdmin();
    const take = await postTake(author);
    const theirs = await comment(fan, { text: 'Out of line', postID: take._id });
    expect((await remove(admin, theirs._id)).status).toBe(200);
    expect(await commentsCount(take._id)).toBe(0);
  });

  it('keeps every counter exact under concurrent deletes, repeats and replies racing their parent', async () => {
    expect(Array.isArray(await repairCounts())).toBe(true);
    const take = await postTake(author);
    const tops = await Promise.all(Array.from({ length: 6 }, (_, i) => comment(fan, { text: `top ${i}`, postID: take._id })));
    const replies = await Promise.all(
      tops
        .slice(0, 4)
        .flatMap((top, i) =>
          Array.from({ length: 3 }, (_, j) => comment(other, { text: `reply ${i}.${j}`, postID: take._id, parentComment: top._id })),
        ),
    );
    await Promise.all([...tops, ...replies].flatMap((c) => [like(author, c._id), like(fan, c._id)]));
    expect(await commentsCount(take._id)).toBe(18);

    // Every comment and reply deleted twice at once, parents and their replies in the same burst, and new replies racing.
    const deletes = [...tops.map((c) => [fan, c] as const), ...replies.map((c) => [other, c] as const)].flatMap(([user, c]) => [
      remove(user, c._id),
      remove(user, c._id),
    ]);
    const racing = tops.map((top) => outcome(() => comment(author, { text: 'racing', postID: take._id, parentComment: top._id })));
    const [deleted, raced] = await Promise.all([Promise.all(deletes), Promise.all(racing)]);
    expect(deleted.filter((r) => r.status === 200)).toHaveLength(18);
    expect(deleted.filter((r) => r.status === 404)).toHaveLength(18);
    expect(raced.every((r) => r.status === 200 || r.status === 400)).toBe(true);

    const survivors = raced.filter((r) => r.status === 200).length;
    expect(await commentsCount(take._id)).toBe(survivors);
    const page = await list(take._id);
    // What remains: placeholders holding the racing replies that landed, and nothing else.
    expect(page.comments.every((c) => c.deleted)).toBe(true);
    for (const placeholder of page.comments) {
      const under = await list(placeholder._id);
      expect(under.comments.length).toBe(placeholder.repliesCount);
      expect(under.comments.length).toBeGreaterThan(0);
    }
    expect(await repairCounts()).toEqual([]);
  });
});
