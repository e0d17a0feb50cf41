import React from 'react';
import { ImageResponse } from 'next/og';
import { ogFonts, segments } from '@/lib/og/assets';
import { ShareImage } from '@/lib/og/share-image';

import sharp from 'sharp';
async function main() {
  if (process.env.NOCACHE) sharp.cache(false);
  if (process.env.CONC) sharp.concurrency(Number(process.env.CONC));
  const fonts = await ogFonts();
  const props = {
    title: await segments('The Celtics should blow it up before the deadline, not after it'),
    description: await segments('Nobody has ever run an offense from the elbow like this. Sabonis, Walton, Webber: none of them.'),
    entityName: await segments('Boston Celtics'),
    entityBadge: { text: 'BOS', background: '#007A33', accent: '#BA9653' },
    topComment: { username: 'courtvision', text: await segments('He makes everyone around him better, and that is the whole point') },
    siteName: 'takes.example',
  };
  const m = (l: string) => { const u = process.memoryUsage(); console.log(l, 'rss', Math.round(u.rss / 1048576), 'heap', Math.round(u.heapTotal / 1048576), 'ext', Math.round(u.external / 1048576), 'ab', Math.round(u.arrayBuffers / 1048576)); };
  m('start');
  await new ImageResponse(<div style={{ display: 'flex' }}>x</div>, { width: 100, height: 100, fonts }).arrayBuffer();
  m('after tiny render');
  for (let i = 0; i < 10; i += 1) {
    await new ImageResponse(<ShareImage {...props} />, { width: 1080, height: 1920, fonts }).arrayBuffer();
    if (i % 3 === 0) m(`share ${i}`);
  }
  await Promise.all(Array.from({ length: 4 }, () => new ImageResponse(<ShareImage {...props} />, { width: 1080, height: 1920, fonts }).arrayBuffer()));
  m('4 concurrent');
  const t = performance.now();
  for (let i = 0; i < 5; i += 1) await new ImageResponse(<ShareImage {...props} />, { width: 1080, height: 1920, fonts }).arrayBuffer();
  m(`5 more, ${((performance.now() - t) / 5).toFixed(0)} ms each`);
}
main();
