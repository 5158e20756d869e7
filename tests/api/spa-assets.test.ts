import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

// docs/architecture.md#serving-the-spa: precompressed twins by content negotiation, hashed files kept a
// year, the rest revalidated, source maps never served. A build of its own, laid out as Vite lays it out.

const SCRIPT = `console.log(${JSON.stringify('climatica '.repeat(400))});\n`;
const HTML = `<!doctype html><html><head><script type="module" src="/assets/index-Ab1_cD-9.js"></script></head><body>${'<p>…</p>'.repeat(100)}</body></html>`;
const HASHED = '/assets/index-Ab1_cD-9.js';

let server: TestServer;
let dist: string;

async function twins(path: string, content: string) {
  await writeFile(path, content);
  await writeFile(`${path}.br`, brotliCompressSync(content));
  await writeFile(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'climatica-dist-'));
  await mkdir(join(dist, 'assets'));
  await twins(join(dist, 'index.html'), HTML);
  await twins(join(dist, HASHED), SCRIPT);
  await writeFile(join(dist, `${HASHED}.map`), '{"version":3,"sources":["src/secret.ts"],"mappings":""}');
  // A file the build left without twins (compressing it gained nothing): served as it is.
  await writeFile(join(dist, 'assets/tiny-Zz9_yY8x.js'), 'export{};');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ app: { staticDir: dist } });
});

afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('compressed assets', () => {
  it('sends the brotli twin to a browser that accepts br, gzip to one that accepts only gzip', async () => {
    const br = await get(HASHED, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await get(HASHED, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts neither, still varying on Accept-Encoding', async () => {
    const plain = await get(HASHED, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends a file without twins as it is', async () => {
    const tiny = await get('/assets/tiny-Zz9_yY8x.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export{};');
  });

  it('compresses index.html too, at / and by name', async () => {
    for (const url of ['/', '/index.html']) {
      const page = await get(url, { 'accept-encoding': 'br' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(HTML);
    }
  });
});

describe('caching', () => {
  it('keeps files named after their content for a year, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get(HASHED, { 'accept-encoding': encoding });
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html (the fallback at / included) and the favicon, answering 304 to their ETag', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.headers['cache-control'], url).toBe('no-cache');
      expect(first.headers['last-modified'], url).toBeTruthy();
      const etag = first.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('revalidates runtime-config.json, answering 304 to its ETag', async () => {
    const first = await get('/runtime-config.json');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ appName: 'Climatica', defaultTenant: 'acme' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/runtime-config.json', { 'if-none-match': etag })).statusCode).toBe(304);
  });
});

describe('source maps', () => {
  it('are not served, whatever the encoding asked', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await get(`${HASHED}.map`, { 'accept-encoding': encoding });
      expect(res.statusCode, encoding).toBe(404);
      expect(res.body).not.toContain('secret.ts');
    }
  });
});
