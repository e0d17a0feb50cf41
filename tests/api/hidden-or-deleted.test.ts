import { signInAdmin } from '@/tests/support/admin';
import { call, postTake, signUp, type TestUser } from '@/tests/support/api';

/**
 * Issue #38 item 5: nobody but a hidden take's author and the moderators can tell it from a deleted one, by any
 * path that names the take, one of its comments or one of their replies. Two threads are built alike; moderators
 * hide one and its author deletes the other; then every path answers for both, to a visitor and to the fan who
 * wrote the comment (who knows it existed), and the two answers must be the same.
 */

type Thread = { take: string; comment: string; reply: string };
type Viewer = TestUser | null;
/** One request about a thread; `ids` are that thread's, `other` names a live take (for a body that needs one). */
type Probe = (thread: Thread, viewer: Viewer) => Promise<{ status: number; body: unknown; type: string | null }>;

const base = () => process.env.API_BASE_URL!;

async function ask(method: string, path: string, viewer: Viewer, body?: unknown) {
  const reply = await call(method, path, { token: viewer?.idToken, body });
  return { status: reply.status, body: reply.body, type: reply.headers.get('content-type') };
}

/** A page or image: its status and what kind of answer it is (its bytes differ by nature, e.g. a nonce). */
async function fetchOnly(path: string, viewer: Viewer) {
  const response = await fetch(`${base()}${path}`, { headers: viewer ? { Authorization: `Bearer ${viewer.idToken}` } : {} });
  await response.arrayBuffer();
  return { status: response.status, body: null, type: response.headers.get('content-type') };
}

const PATHS: [string, Probe][] = [
  ['GET the take', (t, v) => ask('GET', `/api/takes/${t.take}`, v)],
  ["GET the take's counts", (t, v) => ask('GET', `/api/takes/${t.take}/counts`, v)],
  ["GET the take's live counts", (t, v) => ask('GET', `/api/takes/${t.take}/live`, v)],
  ["GET the take's comments", (t, v) => ask('GET', `/api/comments?postID=${t.take}`, v)],
  ["GET the take's comments, best first", (t, v) => ask('GET', `/api/comments?postID=${t.take}&sort=best`, v)],
  ["GET the take's top comment", (t, v) => ask('GET', `/api/comments/top?postID=${t.take}`, v)],
  ["GET the comment's replies", (t, v) => ask('GET', `/api/comments?postID=${t.comment}`, v)],
  ["GET the comment's counts", (t, v) => ask('GET', `/api/comments/${t.comment}/counts`, v)],
  ["GET the reply's counts", (t, v) => ask('GET', `/api/comments/${t.reply}/counts`, v)],
  ['like the take', (t, v) => ask('POST', '/api/user-action', v, { actionType: 'like', postID: t.take })],
  ['favorite the take', (t, v) => ask('POST', '/api/user-action', v, { actionType: 'favorite', postID: t.take })],
  ['share the take', (t, v) => ask('POST', '/api/user-action', v, { actionType: 'share', postID: t.take })],
  ['like the comment', (t, v) => ask('POST', '/api/user-action', v, { actionType: 'like', commentID: t.comment })],
  ['dislike the reply', (t, v) => ask('POST', '/api/user-action', v, { actionType: 'dislike', commentID: t.reply })],
  ['report the take', (t, v) => ask('POST', `/api/takes/${t.take}/report`, v, { reason: 'Probing' })],
  ['report the comment', (t, v) => ask('POST', `/api/comments/${t.comment}/report`, v, { reason: 'Probing' })],
  ['report the reply', (t, v) => ask('POST', `/api/comments/${t.reply}/report`, v, { reason: 'Probing' })],
  ['comment on the take', (t, v) => ask('POST', '/api/comments', v, { text: 'Probing', postID: t.take })],
  ['reply to the comment', (t, v) => ask('POST', '/api/comments', v, { text: 'Probing', postID: t.take, parentComment: t.comment })],
  ['vote on its receipt', (t, v) => ask('POST', `/api/takes/${t.take}/receipt`, v, { vote: 'well' })],
  ['delete the comment', (t, v) => ask('DELETE', `/api/comments/${t.comment}`, v)],
  ['GET its share image', (t, v) => ask('GET', `/api/capture?takeID=${t.take}`, v)],
  ['GET its preview card', (t, v) => ask('GET', `/og/takes/${t.take}`, v)],
  ['GET its page', (t, v) => fetchOnly(`/takes/${t.take}`, v)],
];

let admin: TestUser;
let author: TestUser;
let commenter: TestUser;
let replier: TestUser;
let hidden: Thread;
let deleted: Thread;

async function thread(title: string): Promise<Thread> {
  const take = await postTake(author, { title });
  const comment = await call('POST', '/api/comments', { token: commenter.idToken, body: { text: `On ${title}`, postID: take._id } });
  const reply = await call('POST', '/api/comments', {
    token: replier.idToken,
    body: { text: `Under ${title}`, postID: take._id, parentComment: comment.body._id },
  });
  expect([comment.status, reply.status]).toEqual([201, 201]);
  // The commenter has reacted and reported before, as a fan probing later would have.
  expect(
    (await call('POST', '/api/user-action', { token: commenter.idToken, body: { actionType: 'like', postID: take._id } })).status,
  ).toBe(200);
  return { take: take._id, comment: comment.body._id, reply: reply.body._id };
}

beforeAll(async () => {
  [admin, author, commenter, replier] = await Promise.all([signInAdmin(), signUp('hdauthor'), signUp('hdcomment'), signUp('hdreply')]);
  [hidden, deleted] = [await thread('Hidden or deleted A'), await thread('Hidden or deleted B')];
  expect((await call('POST', `/api/moderation/takes/${hidden.take}`, { token: admin.idToken, body: { action: 'hide' } })).status).toBe(200);
  expect((await call('DELETE', `/api/takes/${deleted.take}`, { token: author.idToken })).status).toBe(200);
});

describe.each([
  ['a visitor', () => null],
  ["the comment's author", () => commenter],
])('to %s, a hidden take answers as a deleted one', (_who, viewer) => {
  it.each(PATHS)('%s', async (_path, probe) => {
    const [ofHidden, ofDeleted] = [await probe(hidden, viewer()), await probe(deleted, viewer())];
    expect(ofHidden).toEqual(ofDeleted);
    // Neither is there to anyone but its author and the moderators.
    expect(ofDeleted.status).toBeGreaterThanOrEqual(400);
  });
});
