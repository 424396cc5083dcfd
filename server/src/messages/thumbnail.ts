/**
 * Thumbnails of images people send (the content preview calls: spec part E/F
 * `/v1/bot/message/<id>/content/preview`, and the platform's `/v2/bot/message/<id>/content/preview`).
 * Decoded and scaled with jimp's core, its decoders and its resize plugin only (the whole `jimp`
 * package brings 18 more plugins and a GIF encoder, about 100 MB installed, for this one job),
 * loaded on first use: most servers never make a preview.
 */
import type { Bitmap, Format } from '@jimp/types';

/** Largest side of a preview, in px (the spec's preview size of images, 240x240). */
export const PREVIEW_SIZE = 240;

/**
 * GIF decoding only, by omggif, the decoder `@jimp/js-gif` itself uses (its first frame, as that
 * format does); `@jimp/js-gif` also carries an encoder (gifwrap, image-q: 11 MB) a preview never
 * needs. Encoding a GIF throws.
 */
async function gifDecoder(): Promise<Format<'image/gif'>> {
  const { GifReader } = (await import('omggif')).default;
  return {
    mime: 'image/gif',
    encode: () => {
      throw new Error('previews are JPEG: GIF encoding is not loaded');
    },
    decode: (data: Buffer): Bitmap => {
      const gif = new GifReader(data);
      const pixels = Buffer.alloc(gif.width * gif.height * 4);
      gif.decodeAndBlitFrameRGBA(0, pixels);
      return { data: pixels, width: gif.width, height: gif.height };
    },
  };
}

/** jimp made of what a preview needs: the decoders `jimp` has (BMP, GIF, JPEG, PNG, TIFF), the JPEG encoder, scaleToFit. */
async function previewJimp() {
  const [{ createJimp }, bmp, gif, jpeg, png, tiff, resize] = await Promise.all([
    import('@jimp/core'),
    import('@jimp/js-bmp'),
    gifDecoder(),
    import('@jimp/js-jpeg'),
    import('@jimp/js-png'),
    import('@jimp/js-tiff'),
    import('@jimp/plugin-resize'),
  ]);
  return createJimp({
    formats: [bmp.default, bmp.msBmp, () => gif, jpeg.default, png.default, tiff.default],
    plugins: [resize.methods],
  });
}

let jimp: ReturnType<typeof previewJimp> | undefined;

/**
 * A JPEG of the image scaled to fit `maxSide` x `maxSide` px (aspect kept; never enlarged), or
 * null when the bytes are not an image jimp decodes (JPEG, PNG, GIF, BMP, TIFF).
 */
export async function jpegThumbnail(data: Buffer, maxSide = PREVIEW_SIZE): Promise<Buffer | null> {
  const Jimp = await (jimp ??= previewJimp());
  let image: Awaited<ReturnType<typeof Jimp.read>>;
  try {
    image = await Jimp.read(data);
  } catch {
    return null;
  }
  if (image.width > maxSide || image.height > maxSide) image.scaleToFit({ w: maxSide, h: maxSide });
  return image.getBuffer('image/jpeg');
}
