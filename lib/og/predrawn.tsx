import 'server-only';
import type { ReactElement } from 'react';
import { ImageResponse } from 'next/og';
import { ogFonts } from '@/lib/og/assets';

export type Box = { width: number; height: number };

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
