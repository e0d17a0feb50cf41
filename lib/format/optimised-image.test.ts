import { readFileSync } from 'node:fs';
import { getImageProps } from 'next/image';
import { optimisedImage } from './optimised-image';

describe('optimisedImage', () => {
  it("follows the optimiser's defaults, which next.config.mjs leaves as they are", () => {
    // getImageProps here knows only the defaults; a configured `images` would need lib/format/optimised-image.ts changed with it.
    expect(readFileSync('next.config.mjs', 'utf8')).not.toMatch(/\bimages\s*:/);
  });

  it.each([16, 24, 32, 40, 44, 48, 56, 64, 72, 80, 96, 120, 128, 160, 200, 256, 300, 384, 500, 1200, 2000, 4000])(
    'gives the src and srcset of getImageProps at %i px',
    (size) => {
      const src = '/storage/players/1628983.png';
      const { props } = getImageProps({ src, alt: '', width: size, height: size });
      expect(optimisedImage(src, size)).toEqual({ src: props.src, srcSet: props.srcSet });
    },
  );

  it('encodes a source with a query or a full address as the optimiser reads it', () => {
    for (const src of ['https://cdn.example.com/art/teams/1610612738.png?v=2', '/storage/special/goat debate.png']) {
      const { props } = getImageProps({ src, alt: '', width: 48, height: 48 });
      expect(optimisedImage(src, 48)).toEqual({ src: props.src, srcSet: props.srcSet });
    }
  });
});
