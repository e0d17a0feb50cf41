// The widths and quality of Next's image optimiser with its default configuration (next.config.mjs sets no `images`):
// the optimiser answers only these, so a srcset must name them.
const WIDTHS = [32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840];
const QUALITY = 75;

const fitted = (width: number) => WIDTHS.find((w) => w >= width) ?? WIDTHS[WIDTHS.length - 1]!;

const optimiserUrl = (src: string, width: number) => `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${QUALITY}`;

/**
 * The `src` and `srcSet` next/image's getImageProps gives a picture shown at one fixed size, 1x and 2x through the
 * optimiser, written out here: getImageProps and the image configuration it brings weighed about 4 kB gzip in the
 * first load of every page with a list of takes, whose cards draw their pictures in the browser. Its one omission is
 * the deployment id (`&dpl=`) of skew protection, which the optimiser does not need. lib/format/optimised-image.test.ts holds
 * it equal to getImageProps, so a Next upgrade that changes the defaults fails there.
 */
export function optimisedImage(src: string, size: number): { src: string; srcSet: string } {
  const widths = [...new Set([fitted(size), fitted(size * 2)])];
  return {
    src: optimiserUrl(src, widths[widths.length - 1]!),
    srcSet: widths.map((w, i) => `${optimiserUrl(src, w)} ${i + 1}x`).join(', '),
  };
}
