/**
 * Thumbnails of images people send (the content preview calls: spec part E/F
 * `/v1/bot/message/<id>/content/preview`, and the platform's `/v2/bot/message/<id>/content/preview`).
 * Decoded and scaled with jimp, loaded on first use: the library is large and most servers never
 * make a preview.
 */

/** Largest side of a preview, in px (the spec's preview size of images, 240x240). */
export const PREVIEW_SIZE = 240;

/**
 * A JPEG of the image scaled to fit `maxSide` x `maxSide` px (aspect kept; never enlarged), or
 * null when the bytes are not an image jimp decodes (JPEG, PNG, GIF, BMP, TIFF).
 */
export async function jpegThumbnail(data: Buffer, maxSide = PREVIEW_SIZE): Promise<Buffer | null> {
  const { Jimp } = await import('jimp');
  let image: Awaited<ReturnType<typeof Jimp.read>>;
  try {
    image = await Jimp.read(data);
  } catch {
    return null;
  }
  if (image.width > maxSide || image.height > maxSide) image.scaleToFit({ w: maxSide, h: maxSide });
  return image.getBuffer('image/jpeg');
}
