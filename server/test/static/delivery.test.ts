// The host's script as a phone gets it (docs/project/host-delivery.md): minified, compressed as the
// browser asks, kept across reloads (validators on the entry, immutable hashed chunks), its source
// map a file of its own that only developer tools fetch. Reads the built host (npm test builds first).
import { readdirSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticRoutes } from '../../src/static/routes.js';

let server: Server;
beforeAll(async () => {
  server = express().use(staticRoutes()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** GET `path` with `Accept-Encoding: encoding` (and more `headers`): the status, headers and the body's bytes as they came. */
function get(path: string, encoding: string, headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': encoding, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/**
 * Whether a script reads as minified: no comment (terser drops them), and almost no line breaks
 * (one per 1,000 bytes at most; a formatted bundle has one per 30-40 bytes).
 */
function looksMinified(script: string): boolean {
  const lines = script.split('\n').length;
  return !script.includes('/**') && lines <= script.length / 1000 + 2;
}

describe("the host's script", () => {
  it('is sent brotli-compressed to a browser that accepts brotli, and is minified', async () => {
    const res = await get('/host/host.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    const script = brotliDecompressSync(res.body).toString('utf8');
    expect(looksMinified(script)).toBe(true);
    // Compressed, it is a fraction of its size.
    expect(res.body.length).toBeLessThan(script.length / 2.5);
  });

  it('is sent gzip-compressed to a browser that accepts only gzip, and as it is to one that accepts neither', async () => {
    const gz = await get('/host/host.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const script = gunzipSync(gz.body).toString('utf8');
    const plain = await get('/host/host.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
  });

  it('is asked for again on each load and answered 304 when the browser has it (validators)', async () => {
    const first = await get('/host/host.js', 'br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/host/host.js', 'br', { 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
  });

  it('loads its screens from chunks named by their content, which a browser keeps for a year', async () => {
    const chunks = readdirSync(new URL('../../../host/dist/chunks/', import.meta.url)).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk).toMatch(/-[A-Za-z0-9_-]{8}\.js$/);
    const res = await get(`/host/chunks/${chunks[0]}`, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/host/chunks/none-00000000.js', 'br')).status).toBe(404);
  });

  it('names its source map, a file of its own (not inlined), fetched only when asked for', async () => {
    const text = (await get('/host/host.js', 'identity')).body.toString('utf8');
    expect(text).toMatch(/\/\/# sourceMappingURL=host\.js\.map\s*$/);
    expect(text).not.toContain('sourceMappingURL=data:');
    const map = await get('/host/host.js.map', 'br');
    expect(map.status).toBe(200);
  });

  it("compresses the host's page and stylesheet too", async () => {
    for (const path of ['/', '/host/host.css']) {
      const res = await get(path, 'br');
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
    }
  });
});
