/**
 * Reading a QR code from a camera frame for `scanCodeV2` on a phone (docs/guide/phones.md): the
 * browser's own `BarcodeDetector` when it has one (Chrome on Android), else `jsqr`, loaded only
 * when a scan starts (its own file, `host/dist/qr-decoder.js`, so the host bundle stays small).
 */

/** Decodes the pixels of one frame (RGBA, `width * height * 4` bytes): the code's text, or null. */
export type QrDecoder = (pixels: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

/** The part of the browser's `BarcodeDetector` read here (not in TypeScript's DOM library yet). */
interface BarcodeDetectorLike {
  detect(image: ImageData): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Loads `jsqr` from its own file beside the host bundle. */
export async function loadJsQr(): Promise<QrDecoder> {
  // A URL computed at run time: the bundler leaves the import alone, so jsqr is fetched on the first scan only.
  const url = new URL('qr-decoder.js', import.meta.url).href;
  return ((await import(/* @vite-ignore */ url)) as { jsQR: QrDecoder }).jsQR;
}

/**
 * The text of the QR code in `frame`, or null when none is found in it.
 * @param detector the browser's `BarcodeDetector` class, when it has one (and it reads QR codes)
 * @param loadDecoder where `jsqr` comes from when there is no detector (loaded once per call site)
 */
export async function decodeQr(
  frame: ImageData,
  detector: BarcodeDetectorClass | undefined = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector,
  loadDecoder: () => Promise<QrDecoder> = loadJsQr,
): Promise<string | null> {
  if (detector) {
    const found = await new detector({ formats: ['qr_code'] }).detect(frame);
    return found[0]?.rawValue ?? null;
  }
  return (await loadDecoder())(frame.data, frame.width, frame.height)?.data ?? null;
}
