/**
 * The image `say` sends: a file of this machine or an http(s) URL, read with a size cap and
 * accepted only when its first bytes are those of an image (PNG, JPEG, GIF, WebP), so a tool call
 * cannot carry any other file of the machine into a chat.
 */
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ToolInputError } from './errors.js';

/** The largest image, in bytes: the limit of the simulator API's media route (`sendMedia`). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** How long a download may take, in ms. */
const FETCH_TIMEOUT_MS = 15_000;

/** The image types a chat takes, by their first bytes. */
const SIGNATURES: readonly { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  { type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The bytes of an image and their content type, read from its first bytes. @throws ToolInputError when they are not an image */
function asImage(data: Buffer, from: string): { data: Buffer; contentType: string } {
  if (data.length === 0) throw new ToolInputError(`${from} is empty`);
  const kind = SIGNATURES.find((s) => s.test(data));
  if (!kind) throw new ToolInputError(`${from} is not a PNG, JPEG, GIF or WebP image`);
  return { data, contentType: kind.type };
}

const tooLarge = (from: string) => new ToolInputError(`${from} is larger than ${MAX_IMAGE_BYTES} bytes`);

/** Reads an image file (relative to the server's working directory). */
async function readFileImage(path: string): Promise<{ data: Buffer; contentType: string }> {
  let file;
  try {
    file = await open(resolve(path), 'r');
  } catch (e) {
    throw new ToolInputError(`Cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    const stat = await file.stat();
    if (!stat.isFile()) throw new ToolInputError(`${path} is not a file`);
    if (stat.size > MAX_IMAGE_BYTES) throw tooLarge(path);
    return asImage(await file.readFile(), path);
  } finally {
    await file.close();
  }
}

/** Downloads an image, stopping at the size cap. */
async function fetchImage(url: URL): Promise<{ data: Buffer; contentType: string }> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (e) {
    throw new ToolInputError(`Cannot download ${url.href}: ${(e as Error).message}`);
  }
  if (!res.ok || !res.body) throw new ToolInputError(`Cannot download ${url.href}: it answered ${res.status}`);
  if (Number(res.headers.get('content-length') ?? 0) > MAX_IMAGE_BYTES) {
    await res.body.cancel();
    throw tooLarge(url.href);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      size += r.value.length;
      if (size > MAX_IMAGE_BYTES) throw tooLarge(url.href);
      chunks.push(Buffer.from(r.value));
    }
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    if (e instanceof ToolInputError) throw e;
    throw new ToolInputError(`Cannot download ${url.href}: ${(e as Error).message}`);
  }
  return asImage(Buffer.concat(chunks), url.href);
}

/**
 * The image at `source`: an `http:` or `https:` URL is downloaded, anything else is a file path.
 * @returns its bytes and content type
 * @throws ToolInputError for another URL scheme, a file or answer that cannot be read, more than
 *   {@link MAX_IMAGE_BYTES} bytes, or bytes that are not an image
 */
export async function readImage(source: string): Promise<{ data: Buffer; contentType: string }> {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(source)?.[1]?.toLowerCase();
  if (scheme === undefined) return readFileImage(source);
  if (scheme !== 'http' && scheme !== 'https') throw new ToolInputError(`Only http and https URLs are downloaded, not ${scheme}:`);
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new ToolInputError(`${source} is not a URL`);
  }
  return fetchImage(url);
}
