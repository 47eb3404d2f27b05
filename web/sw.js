// sw.js - the page's service worker: keeps the page's files (the library,
// the shipped English table, the scripts) in the browser's cache, so that
// the page opens and plays offline once it has been loaded.  Network
// first: online, every visit gets the files as served (and refreshes the
// cache); offline, the cached copies answer.
'use strict';
const CACHE = 'pegsol-v2';
const FILES = ['./', 'index.html', 'style.css', 'problems.js', 'app.js', 'explore.js',
  'worker.js', 'table.js', 'pegsol.js', 'pegsol.wasm', 'tables/english.pwt.gz',
  'tables/english-explore.json',
  'manifest.webmanifest', 'icon.svg'];

self.addEventListener('install', (e) => {
  // force-cache: the copies the page has just loaded, where the HTTP cache
  // has them, rather than a second download
  e.waitUntil(caches.open(CACHE).then((c) => Promise.all(FILES.map((f) =>
    fetch(new Request(f, { cache: 'force-cache' }))
      .then((r) => (r.ok ? c.put(f, r) : null)).catch(() => null))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith(fetch(req).then((r) => {
    if (r.ok) {
      const copy = r.clone();
      caches.open(CACHE).then((c) => c.put(req, copy)).catch(() => {});
    }
    return r;
  }).catch(() => caches.match(req, { ignoreSearch: true })
    .then((r) => r || (req.mode === 'navigate' ? caches.match('index.html') : undefined))
    .then((r) => r || Response.error())));
});
