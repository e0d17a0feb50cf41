import sharp from 'sharp';

// The site is installable (issue #21): a web app manifest, its icons, a favicon and a touch icon, all linked from <head>.
const base = () => process.env.API_BASE_URL!;

async function get(urlPath: string) {
  const response = await fetch(`${base()}${urlPath}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };

describe('web app manifest', () => {
  it('names the app, opens standalone at the start URL, and lists 192 and 512 icons, maskable ones included', async () => {
    const reply = await get('/manifest.webmanifest');
    expect(reply.status).toBe(200);
    expect(reply.type).toContain('application/manifest+json');
    const manifest = JSON.parse(reply.bytes.toString('utf8'));
    expect(manifest).toMatchObject({ name: expect.stringContaining('Takes'), short_name: 'Takes', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons as ManifestIcon[];
    const sized = (size: string, purpose: string) =>
      icons.filter((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose));
    expect(sized('192x192', 'any')).toHaveLength(1);
    expect(sized('512x512', 'any')).toHaveLength(1);
    expect(sized('512x512', 'maskable')).toHaveLength(1);

    for (const icon of icons) {
      const file = await get(icon.src);
      expect({ src: icon.src, status: file.status, type: file.type }).toEqual({ src: icon.src, status: 200, type: 'image/png' });
      const meta = await sharp(file.bytes).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      // A maskable icon is cropped to any shape: its corners must be painted, not transparent.
      if (icon.purpose === 'maskable') expect((await sharp(file.bytes).stats()).isOpaque).toBe(true);
    }
  });
});

describe('icons', () => {
  it('serves a favicon.ico holding 16, 32 and 48 px images', async () => {
    const file = await get('/favicon.ico');
    expect(file.status).toBe(200);
    expect(file.bytes.readUInt16LE(2)).toBe(1); // an icon, not a cursor
    const count = file.bytes.readUInt16LE(4);
    const sizes = [];
    for (let i = 0; i < count; i += 1) {
      const entry = 6 + 16 * i;
      const [length, offset] = [file.bytes.readUInt32LE(entry + 8), file.bytes.readUInt32LE(entry + 12)];
      const meta = await sharp(file.bytes.subarray(offset, offset + length)).metadata();
      expect(meta.width).toBe(file.bytes.readUInt8(entry));
      sizes.push(meta.width);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('serves an opaque 180×180 apple-touch-icon and the SVG mark', async () => {
    const touch = await get('/apple-touch-icon.png');
    expect(touch.status).toBe(200);
    const meta = await sharp(touch.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([180, 180]);
    expect((await sharp(touch.bytes).stats()).isOpaque).toBe(true);
    const svg = await get('/icon.svg');
    expect(svg.status).toBe(200);
    expect(svg.type).toContain('image/svg+xml');
  });

  it('are linked from every page head', async () => {
    for (const urlPath of ['/', '/privacy']) {
      const html = (await get(urlPath)).bytes.toString('utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      const link = (rel: string) => [...head.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`rel="${rel}"`));
      expect(link('manifest').join()).toContain('href="/manifest.webmanifest"');
      expect(link('icon').join()).toContain('href="/favicon.ico"');
      expect(link('icon').join()).toContain('href="/icon.svg"');
      expect(link('apple-touch-icon').join()).toMatch(
        /href="\/apple-touch-icon.png"[^>]*sizes="180x180"|sizes="180x180"[^>]*href="\/apple-touch-icon.png"/,
      );
      expect(head).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/i);
    }
  });
});
