// kubexplorer's service worker: after one visit the site loads and works
// with the network off.
//
// On install it precaches every file the build lists in build.json (the
// content-hashed scripts and every chunk of them — the tabs, the gates
// operator views and the editor load on demand —, the styles, every
// mechanism's engine and the pages), so that tabs never opened online work
// offline too. The page
// registers it only after its first result (main.js), so that downloading
// the other engines does not compete with the first one. Hashed files
// never change, so they are served from the cache first; pages and other
// files go to the network first and fall back to the cache, so an online
// visit always sees the newest build. A new build has a new version, hence a
// new cache; old caches are deleted when it activates. (The reply memo's
// cache, kubexplorer.memo, is the page's, not ours: replymemo.js.)

const VERSION = "{{version}}";
const CACHE = `kubexplorer-${VERSION}`;
// Our hashes (10 hex digits) and esbuild's for the scripts' chunks (8 base32 characters).
const HASHED = /\.([0-9a-f]{10}|[A-Z2-7]{8})\.[a-z0-9]+$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const manifest = await (await fetch("build.json", { cache: "no-store" })).json();
      const names = manifest.files.map((f) => f.name).filter((n) => n !== "sw.js");
      // Directories are requested by their own URL, not as .../index.html.
      const dirs = names.filter((n) => n.endsWith("index.html")).map((n) => `./${n.slice(0, -"index.html".length)}`);
      const urls = [...new Set([...dirs, ...names])];
      await cache.addAll(urls);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("kubexplorer-") && key !== CACHE) await caches.delete(key);
      }
      // Control the page that installed us, so its first visit already counts.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(req));
  } else {
    event.respondWith(networkFirst(req));
  }
});

async function cacheFirst(req) {
  const hit = await caches.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) (await caches.open(CACHE)).put(req, res.clone());
  return res;
}

async function networkFirst(req) {
  try {
    const res = await fetch(req);
    if (res.ok) (await caches.open(CACHE)).put(req, res.clone());
    return res;
  } catch (err) {
    const hit = await caches.match(req, { ignoreSearch: true });
    if (hit) return hit;
    if (req.mode === "navigate") {
      const page = await caches.match("./");
      if (page) return page;
    }
    throw err;
  }
}
