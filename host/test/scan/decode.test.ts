import jsQRModule from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQr, type QrDecoder } from '../../src/scan/decode.js';

const jsQR = ((jsQRModule as unknown as { default?: QrDecoder }).default ?? jsQRModule) as unknown as QrDecoder;

/** A camera frame of the QR code of `text`: black modules on white, `scale` pixels each, a quiet zone of 4 modules. */
function frameOf(text: string, scale = 6): ImageData {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(x, y)) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
    }
  return { data, width: side, height: side, colorSpace: 'srgb' } as ImageData;
}

describe('decodeQr', () => {
  it('reads the code of a frame with jsqr when the browser has no BarcodeDetector, loading it only then', async () => {
    let loads = 0;
    const load = async () => (loads++, jsQR);
    expect(await decodeQr(frameOf('https://example.com/item?id=7'), undefined, load)).toBe('https://example.com/item?id=7');
    expect(loads).toBe(1);
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 } as ImageData;
    expect(await decodeQr(blank, undefined, load)).toBeNull();
  });

  it('asks the browser’s BarcodeDetector for QR codes when it has one, and never loads jsqr', async () => {
    const asked: string[][] = [];
    class Detector {
      constructor(options: { formats: string[] }) {
        asked.push(options.formats);
      }
      async detect(image: ImageData) {
        return image.width > 64 ? [{ rawValue: 'from the detector' }] : [];
      }
    }
    const load = async (): Promise<QrDecoder> => {
      throw new Error('jsqr must not be loaded');
    };
    expect(await decodeQr(frameOf('x'), Detector, load)).toBe('from the detector');
    expect(await decodeQr({ data: new Uint8ClampedArray(4), width: 1, height: 1 } as ImageData, Detector, load)).toBeNull();
    expect(asked).toEqual([['qr_code'], ['qr_code']]);
  });
});
