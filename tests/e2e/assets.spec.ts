import { expect, test, type CDPSession, type Page } from '@playwright/test';

// docs/architecture.md#serving-the-spa, measured where it counts: in Chromium, on the wire.

/** The login screen's JavaScript, as transferred (compressed, headers included): at most this. */
const LOGIN_SCRIPT_BUDGET = 300_000;

interface Fetch {
  url: string;
  type: string;
  status: number;
  encoding: string;
  fromCache: boolean;
  /** Bytes received for it (Network.loadingFinished's encodedDataLength); 0 until it finished. */
  bytes: number;
}

/** Every response the page receives from the network or its cache, by request id, through the DevTools protocol. */
async function recordFetches(page: Page): Promise<{ fetches: Map<string, Fetch>; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const fetches = new Map<string, Fetch>();
  // Chromium's memory cache says so in an event of its own, before the response.
  const servedFromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    servedFromCache.add(requestId);
    const fetch = fetches.get(requestId);
    if (fetch) fetch.fromCache = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    fetches.set(requestId, {
      url: response.url,
      type,
      status: response.status,
      encoding: String(response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? ''),
      fromCache:
        servedFromCache.has(requestId) ||
        Boolean(response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker),
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const fetch = fetches.get(requestId);
    if (fetch) fetch.bytes = encodedDataLength;
  });
  await cdp.send('Network.enable');
  return { fetches, cdp };
}

/** The login screen, with what it loads in the background once shown (the toasts). */
async function openLogin(page: Page) {
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const scripts = (fetches: Map<string, Fetch>) => [...fetches.values()].filter((f) => f.type === 'Script');

/**
 * The scripts the page asked for before the login page started preloading the signed-in page's chunks
 * (src/app/preload.ts marks that moment): those come while the user types, and are not the login
 * screen's cost (docs/spa.md#boot).
 */
async function askedBeforePreload(page: Page): Promise<Set<string>> {
  await page.waitForFunction(() => performance.getEntriesByName('climatica:preload').length > 0);
  return new Set(
    await page.evaluate(() => {
      const preload = performance.getEntriesByName('climatica:preload')[0].startTime;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < preload)
        .map((e) => e.name);
    }),
  );
}

test('the login screen transfers less than 300 kB of JavaScript, brotli-compressed', async ({ page }) => {
  const { fetches } = await recordFetches(page);
  await openLogin(page);
  const own = await askedBeforePreload(page);
  await page.waitForLoadState('networkidle');
  for (const script of scripts(fetches)) {
    expect(script.fromCache, script.url).toBe(false);
    // Every script of the build is large enough for its brotli twin to be smaller.
    expect(script.encoding, script.url).toBe('br');
  }
  const loaded = scripts(fetches).filter((script) => own.has(script.url));
  expect(loaded.length).toBeGreaterThan(0);
  // The preload did fetch more: what this test leaves out exists.
  expect(scripts(fetches).length).toBeGreaterThan(loaded.length);
  const total = loaded.reduce((sum, script) => sum + script.bytes, 0);
  test.info().annotations.push({
    type: 'login screen JavaScript',
    description: `${loaded.length} scripts, ${total} bytes transferred`,
  });
  expect(total).toBeLessThan(LOGIN_SCRIPT_BUDGET);
});

test('a reload fetches no hashed asset again, only the page itself', async ({ page }) => {
  const first = await recordFetches(page);
  await openLogin(page);
  const loaded = new Set([...first.fetches.values()].map((f) => f.url));
  await first.cdp.detach();
  const { fetches } = await recordFetches(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const fromNetwork = [...fetches.values()].filter((f) => !f.fromCache);
  // What the first visit loaded comes from the cache; a chunk the reloaded screen asks for the first time may not.
  expect(
    fromNetwork.filter((f) => new URL(f.url).pathname.startsWith('/assets/') && loaded.has(f.url)).map((f) => f.url),
  ).toEqual([]);
  expect([...loaded].filter((url) => new URL(url).pathname.startsWith('/assets/')).length).toBeGreaterThan(0);
  // The scripts came from the cache; the page itself (no-cache) was asked again.
  expect(scripts(fetches).length).toBeGreaterThan(0);
  expect(fromNetwork.filter((f) => f.type === 'Document')).toHaveLength(1);
});

test('source maps are not served', async ({ page, request }) => {
  const { fetches } = await recordFetches(page);
  await openLogin(page);
  const entry = scripts(fetches).find((f) => /\/assets\/index-[\w-]+\.js$/.test(f.url));
  expect(entry).toBeDefined();
  const script = await request.get(entry!.url);
  expect(await script.text()).not.toContain('sourceMappingURL');
  expect((await request.get(`${entry!.url}.map`)).status()).toBe(404);
});
