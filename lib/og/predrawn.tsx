import 'server-only';
import type { ReactElement } from 'react';
import { ImageResponse } from 'next/og';
import { ogFonts } from '@/lib/og/assets';
import { log } from '@/lib/log';

export type Box = { width: number; height: number };

/**
 * Parts of an image that are the same in every render of it (the share image's logo and its footer naming the
 * site), drawn once per process and placed as pictures: a share image then lays out and rasterizes only what is
 * its own. Glyphs are most of a render's cost (Satori turns each into a path, the rasterizer fills it), and these
 * are about a fifth of a share image's. Kept per process for its life: what they show changes only with a release
 * or the site's address, each of which starts new processes. A draw that fails is not kept; the image draws the
 * part live meanwhile (null).
 */
const drawn = new Map<string, Promise<string | null>>();

export function predrawn(key: string, box: Box, element: () => ReactElement): Promise<string | null> {
  let pending = drawn.get(key);
  if (!pending) {
    pending = drawPng(box, element()).then(pngDataUrl, (error: unknown) => {
      drawn.delete(key);
      log.warn({ part: key, err: error instanceof Error ? error.message : String(error) }, 'image part not drawn ahead; drawing it live');
      return null;
    });
    drawn.set(key, pending);
  }
  return pending;
}

/** `element` drawn alone on a canvas of `box`'s size. */
export async function drawPng(box: Box, element: ReactElement): Promise<Buffer> {
  return Buffer.from(await new ImageResponse(element, { ...box, fonts: await ogFonts() }).arrayBuffer());
}

export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * A predrawn part in its box. The transform changes nothing drawn: without one, Satori clips every picture to its
 * box through a clip path and a mask, and the rasterizer draws each clipped element on a canvas-sized layer of its
 * own (about 15 ms apiece on a share image); a picture drawn at its box's size needs no clip.
 */
export function Predrawn({ src, box }: { src: string; box: Box }) {
  // eslint-disable-next-line @next/next/no-img-element -- next/og draws plain <img> elements
  return <img src={src} alt="" width={box.width} height={box.height} style={{ transform: 'translateX(0px)' }} />;
}
