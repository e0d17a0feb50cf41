import { signInAdmin } from '@/tests/support/admin';
import { call, postTake, REPORT_LATER, signUp } from '@/tests/support/api';

// What reports hide, what moderators' actions do and how they are logged are tests/data/comment-reports.test.ts's;
// here, what the API refuses and who it admits.

describe('reporting and moderating a comment over HTTP', () => {
  it('takes a report with the take report messages and limits, and refuses what is not a reason', async () => {
    const [author, fan, reporter] = await Promise.all([signUp('crep'), signUp('crepfan'), signUp('reporter')]);
    const take = await postTake(author);
    const theirs = (await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'Rude words', postID: take._id } })).body;
    const report = (reason: unknown, token: string | undefined = reporter.idToken) =>
      call('POST', `/api/comments/${theirs._id}/report`, { token, body: { reason }, headers: REPORT_LATER() });
    expect(await report('Harassment')).toMatchObject({ status: 201, body: { message: 'Report submitted. Thank you!' } });
    expect(await report('')).toMatchObject({ status: 400, body: { error: 'reason: A reason is required.' } });
    expect(await report('x'.repeat(401))).toMatchObject({
      status: 400,
      body: { error: 'reason: The reason must be at most 400 characters.' },
    });
    expect((await report({ $ne: null })).status).toBe(400);
    expect((await call('POST', `/api/comments/${theirs._id}/report`, { body: { reason: 'x' } })).status).toBe(401);
  });

  it('answers 404 to anyone but a moderator, and 400 to an action that is not one', async () => {
    const [admin, author, fan] = await Promise.all([signInAdmin(), signUp('crepop'), signUp('crepfan')]);
    const take = await postTake(author);
    const target = (await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'Spam', postID: take._id } })).body;
    const moderate = (token: string | undefined, action: string) =>
      call('POST', `/api/moderation/comments/${target._id}`, { token, body: { action } });
    for (const token of [fan.idToken, author.idToken, undefined]) expect((await moderate(token, 'hide')).status).toBe(404);
    expect((await moderate(admin.idToken, 'explode')).status).toBe(400);
    expect(await moderate(admin.idToken, 'hide')).toMatchObject({ status: 200, body: { message: 'Comment hidden.' } });
  });
});
