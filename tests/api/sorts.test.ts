import { call } from '@/tests/support/api';

// What each sort orders by is tests/data/sorts.test.ts's; here, what the API refuses before any sort runs.

describe('feed and comment sorts', () => {
  it('refuse an unknown sort, window or cursor', async () => {
    expect((await call('GET', '/api/takes?sort=loudest')).status).toBe(400);
    expect((await call('GET', '/api/takes?sort=top&timeRange=decade')).status).toBe(400);
    expect((await call('GET', '/api/takes?sort=new&cursor=1e5_nope')).status).toBe(400);
    expect((await call('GET', '/api/comments?postID=000000000000000000000000&sort=top')).status).toBe(400);
  });
});
