/** `host/dist/qr-decoder.js`: jsqr as an ES module, loaded by `decode.ts` when a scan starts. */
import jsQR from 'jsqr';

export { jsQR };
