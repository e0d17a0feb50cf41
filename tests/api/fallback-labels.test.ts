import mongoose from 'mongoose';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { Comment, Take } from '@/models';
import { storeTake } from '@/tests/support/stored-take';
import { call, PLAYER, signUp, type TestUser } from '@/tests/support/api';

// The fallback labels of docs/product.md#messages for data the API would refuse today but the database may hold
// (an import, an older version, an entity or account removed since): written straight to it.
const base = () => process.env.API_BASE_URL!;
let author: TestUser;

beforeAll(async () => {
  author = await signUp('labels');
  await dbConnect();
});
afterAll(() => dbDisconnect());

describe('fallback labels', () => {
  it('names a tag whose player, team or topic is gone Unknown Tag, unlinked, instead of dropping it', async () => {
    const id = await storeTake(author, { tags: [PLAYER.id, 999999998, 'retired-storyline'] });
    const take = (await call('GET', `/api/takes/${id}`)).body;
    expect(take.tagEntities).toEqual([
      { type: null, id: 999999998, name: 'Unknown Tag' },
      { type: null, id: 'retired-storyline', name: 'Unknown Tag' },
    ]);
    const html = await (await fetch(`${base()}/takes/${id}`)).text();
    expect(html.match(/>Unknown Tag</g)).toHaveLength(2);
    expect(html).not.toContain('href="/players/999999998"');
  });

  it('shows No content available for a take stored without a description', async () => {
    const id = await storeTake(author);
    // Past the model's own check, as an import would have written it.
    await Take.collection.updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $set: { description: '' } });
    const html = await (await fetch(`${base()}/takes/${id}`)).text();
    expect(html).toContain('>No content available<');
  });

  it('names the author of a comment whose account is gone Anonymous, with no profile id', async () => {
    const takeId = await storeTake(author);
    // Raw insert: the model (rightly) refuses empty text, which imported data may still have.
    await Comment.collection.insertOne({
      text: '',
      postID: new mongoose.Types.ObjectId(takeId),
      parentComment: null,
      taggedUser: null,
      user: new mongoose.Types.ObjectId(),
      likes: 0,
      dislikes: 0,
      repliesCount: 0,
      wilson: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const page = await call('GET', `/api/comments?postID=${takeId}`);
    expect(page.body.comments[0]).toMatchObject({ text: '', user: { _id: '', username: 'Anonymous', profilePictureUrl: null } });
    const top = await call('GET', `/api/comments/top?postID=${takeId}`);
    expect(top.body.topComment.user.username).toBe('Anonymous');
  });
});
