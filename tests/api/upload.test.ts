import { crc32 } from 'node:zlib';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { call, signUp, type TestUser } from '@/tests/support/api';

let user: TestUser;
let other: TestUser;
beforeAll(async () => {
  [user, other] = await Promise.all([signUp('pic'), signUp('thief')]);
});

function form(bytes: Buffer | Uint8Array, name: string, type: string, userId: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  data.append('userId', userId);
  return data;
}

const upload = (token: string, body: FormData) => call('POST', '/upload-profile-picture', { token, rawBody: body });

describe('POST /upload-profile-picture', () => {
  it('stores a square WebP avatar in the database, serves it with long caching, and sets it on the user', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ff7a1a' } })
      .png()
      .toBuffer();
    const reply = await upload(user.idToken, form(png, 'me.png', 'image/png', user._id));
    expect(reply.status).toBe(201);
    expect(reply.body.profilePictureUrl).toMatch(/^\/media\/avatars\/[a-f0-9]{24}$/);

    const served = await fetch(`${process.env.API_BASE_URL}${reply.body.profilePictureUrl}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 250, 250]);
    expect((await call('GET', `/api/users/users/${user.uid}`, { token: user.idToken })).body.profilePictureUrl).toBe(
      reply.body.profilePictureUrl,
    );
  });

  it('judges by content: HTML named .png and an SVG are refused', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await upload(user.idToken, form(html, 'x.png', 'image/png', user._id))).status).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await upload(user.idToken, form(svg, 'x.svg', 'image/svg+xml', user._id))).status).toBe(400);
  });

  it('refuses a decompression bomb, a truncated JPEG and a 1000-frame GIF with clear messages', async () => {
    // A tiny PNG whose header declares 20000×20000: refused from the header, never inflated.
    const small = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const ihdr = Buffer.from(small.subarray(12, 29));
    ihdr.writeUInt32BE(20000, 4);
    ihdr.writeUInt32BE(20000, 8);
    const bomb = Buffer.concat([small.subarray(0, 12), ihdr, Buffer.alloc(4), small.subarray(33)]);
    bomb.writeUInt32BE(crc32(ihdr), 29);
    const bombReply = await upload(user.idToken, form(bomb, 'bomb.png', 'image/png', user._id));
    expect(bombReply).toMatchObject({ status: 400, body: { error: 'That image is too large to process (40 megapixels at most).' } });

    const jpeg = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(await upload(user.idToken, form(truncated, 't.jpg', 'image/jpeg', user._id))).toMatchObject({
      status: 400,
      body: { error: 'That file is not an image we can read.' },
    });

    const frame = Buffer.from([0x21, 0xf9, 4, 0, 1, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0]);
    const gif = Buffer.concat([
      Buffer.from('GIF89a'),
      Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]),
      ...Array(1000).fill(frame),
      Buffer.from([0x3b]),
    ]);
    expect(await upload(user.idToken, form(gif, 'a.gif', 'image/gif', user._id))).toMatchObject({
      status: 400,
      body: { error: 'Animated pictures can have at most 100 frames.' },
    });
  });

  it('refuses files over 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    expect((await upload(user.idToken, form(big, 'big.png', 'image/png', user._id))).status).toBe(413);
  });

  it("refuses someone else's userId, a missing file and a missing token", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(other.idToken, form(png, 'a.png', 'image/png', user._id))).status).toBe(403);
    const empty = new FormData();
    empty.append('userId', user._id);
    expect((await upload(user.idToken, empty)).status).toBe(400);
    expect((await call('POST', '/upload-profile-picture', { rawBody: form(png, 'a.png', 'image/png', user._id) })).status).toBe(401);
  });
});

describe('PUT /api/users/{userId}/profile-picture', () => {
  it('accepts only pictures this site stored, on your own user', async () => {
    const put = (token: string, id: string, profilePictureUrl: unknown) =>
      call('PUT', `/api/users/${id}/profile-picture`, { token, body: { profilePictureUrl } });
    expect((await put(user.idToken, user._id, 'https://evil.example/x.png')).status).toBe(400);
    expect((await put(user.idToken, user._id, '/media/avatars/000000000000000000000000')).status).toBe(400);
    expect((await put(other.idToken, user._id, '/media/avatars/000000000000000000000000')).status).toBe(403);
  });
});

describe('a picture belongs to the fan who uploaded it (issue #26)', () => {
  let db: mongoose.Connection;
  beforeAll(async () => {
    db = await mongoose.createConnection(process.env.MONGODB_URI!).asPromise();
  });
  afterAll(() => db.close());

  const picture = (background: string) =>
    sharp({ create: { width: 40, height: 40, channels: 3, background } })
      .png()
      .toBuffer();
  async function uploadAs(fan: TestUser, background: string): Promise<string> {
    const reply = await upload(fan.idToken, form(await picture(background), 'p.png', 'image/png', fan._id));
    expect(reply.status).toBe(201);
    return reply.body.profilePictureUrl as string;
  }
  const served = async (url: string) => (await fetch(`${process.env.API_BASE_URL}${url}`)).status;
  const pictureOf = async (fan: TestUser) =>
    (await call('GET', `/api/users/users/${fan.uid}`, { token: fan.idToken })).body.profilePictureUrl;
  // How a fan could point at another's picture before this was checked: the stored pointer, written directly.
  const pointAt = (fan: TestUser, url: string) =>
    db.collection('users').updateOne({ _id: new mongoose.Types.ObjectId(fan._id) }, { $set: { profilePictureUrl: url } });

  it("refuses another fan's picture, and takes back the viewer's own", async () => {
    const [owner, taker] = await Promise.all([signUp('owner'), signUp('taker')]);
    const owned = await uploadAs(owner, '#123456');
    const own = await uploadAs(taker, '#654321');
    const put = (fan: TestUser, url: string) =>
      call('PUT', `/api/users/${fan._id}/profile-picture`, { token: fan.idToken, body: { profilePictureUrl: url } });
    expect(await put(taker, owned)).toMatchObject({ status: 403, body: { error: 'You can only use a picture you uploaded.' } });
    expect(await pictureOf(taker)).toBe(own);
    expect(await put(taker, own)).toMatchObject({ status: 200, body: { profilePictureUrl: own } });
    expect([await served(owned), await served(own)]).toEqual([200, 200]);
  });

  it('never deletes a picture someone uses, whoever lets go of it; one that nobody uses is removed', async () => {
    const [owner, taker, leaver] = await Promise.all([signUp('owner'), signUp('taker'), signUp('leaver')]);
    const original = await uploadAs(owner, '#ff0000');
    await pointAt(taker, original);
    await pointAt(leaver, original);

    // The taker uploads a picture of their own, and the leaver deletes their account: the owner's stays.
    const takers = await uploadAs(taker, '#00ff00');
    const deleted = await call('DELETE', '/api/account', { token: leaver.idToken, body: { username: leaver.username } });
    expect(deleted.status).toBe(200);
    expect(await served(original)).toBe(200);
    expect(await pictureOf(owner)).toBe(original);

    // The owner's next picture: the first is used by nobody now, and goes.
    const second = await uploadAs(owner, '#0000ff');
    expect(await served(original)).toBe(404);
    expect(await served(second)).toBe(200);

    // Used by another when its owner moves on, it stays for them; when they move on too, it goes.
    await pointAt(taker, second);
    const third = await uploadAs(owner, '#ffff00');
    expect(await served(second)).toBe(200);
    await uploadAs(taker, '#00ffff');
    expect(await served(second)).toBe(404);
    expect([await served(third), await served(takers)]).toEqual([200, 200]);
  });

  it('uploading a picture twice answers both and keeps only the last', async () => {
    const fan = await signUp('twice');
    const first = await uploadAs(fan, '#abcdef');
    const second = await uploadAs(fan, '#abcdef');
    expect(second).not.toBe(first);
    expect(await pictureOf(fan)).toBe(second);
    expect([await served(first), await served(second)]).toEqual([404, 200]);
    expect(await db.collection('avatars.files').countDocuments({ 'metadata.user': new mongoose.Types.ObjectId(fan._id) })).toBe(1);
  });
});
