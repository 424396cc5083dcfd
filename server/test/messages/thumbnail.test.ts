// The content preview's image: a JPEG of at most 240x240 px, aspect kept, never enlarged, from any
// image a person can send (JPEG, PNG, GIF, BMP, TIFF); bytes that are no image give none.
import { GifWriter } from 'omggif';
import { PNG } from 'pngjs';
import { imageSize } from 'image-size';
import bmp from '@jimp/js-bmp';
import { describe, expect, it } from 'vitest';
import { jpegThumbnail, PREVIEW_SIZE } from '../../src/messages/thumbnail.js';

/** RGBA pixels of a w x h image: a red left half, a blue right half. */
function pixels(w: number, h: number): Buffer {
  const data = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set(i % w < w / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
  return data;
}

function png(w: number, h: number): Buffer {
  const image = new PNG({ width: w, height: h });
  pixels(w, h).copy(image.data);
  return PNG.sync.write(image);
}

function gif(w: number, h: number): Buffer {
  const out = Buffer.alloc(w * h + 1024);
  const writer = new GifWriter(out, w, h, { palette: [0xff0000, 0x0000ff] });
  writer.addFrame(
    0,
    0,
    w,
    h,
    Array.from({ length: w * h }, (_, i) => (i % w < w / 2 ? 0 : 1)),
  );
  return out.subarray(0, writer.end());
}

/** What a preview is: its format and size in px (it must be one). */
function read(jpeg: Buffer | null) {
  expect(jpeg).not.toBeNull();
  const { type, width, height } = imageSize(jpeg!);
  return { type, width, height };
}

describe('jpegThumbnail', () => {
  it('scales a PNG to fit 240x240, aspect kept', async () => {
    expect(read(await jpegThumbnail(png(600, 300)))).toEqual({ type: 'jpg', width: PREVIEW_SIZE, height: 120 });
    expect(read(await jpegThumbnail(png(300, 600)))).toEqual({ type: 'jpg', width: 120, height: PREVIEW_SIZE });
  });

  it('reads a GIF (its first frame) and never enlarges a small image', async () => {
    expect(read(await jpegThumbnail(gif(100, 50)))).toEqual({ type: 'jpg', width: 100, height: 50 });
    expect(read(await jpegThumbnail(gif(480, 480)))).toEqual({ type: 'jpg', width: 240, height: 240 });
  });

  it('reads a JPEG and a BMP', async () => {
    const jpeg = (await jpegThumbnail(png(200, 100)))!;
    expect(read(await jpegThumbnail(jpeg, 50))).toEqual({ type: 'jpg', width: 50, height: 25 });
    const bitmap = await bmp().encode({ data: pixels(500, 250), width: 500, height: 250 });
    expect(read(await jpegThumbnail(bitmap))).toEqual({ type: 'jpg', width: 240, height: 120 });
  });

  it('gives none for bytes that are no image, or a broken one', async () => {
    expect(await jpegThumbnail(Buffer.from('not an image at all'))).toBeNull();
    expect(await jpegThumbnail(gif(64, 64).subarray(0, 20))).toBeNull();
    expect(await jpegThumbnail(png(64, 64).subarray(0, 40))).toBeNull();
  });
});
