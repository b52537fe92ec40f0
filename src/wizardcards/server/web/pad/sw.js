// The score pad's service worker (served at /pad-sw.js, scope /pad): it keeps a copy of the page, its files and the
// core's rule tables, so the pad opens and works with no server once it has been loaded. Network first: online, the
// newest files are used (and kept); offline or when the server does not answer within a few seconds, the copy.
// Shared pads (/pads/...) are never kept: a watcher must see the sheet as it is, or that it cannot.

const CACHE = 'wizardcards-pad-v1';
const FILES = [
  '/pad', '/pad/rules', '/pad/manifest.webmanifest',
  '/static/app.css', '/static/pad.css',
  '/static/js/pad.js', '/static/js/pad_rules.js', '/static/js/pad_model.js', '/static/js/pad_files.js',
  '/static/js/pad_store.js', '/static/js/pad_i18n.js', '/static/js/dom.js',
  '/static/i18n/en.json', '/static/i18n/de.json',
  '/static/pad/icon-192.png', '/static/pad/icon-512.png',
];
const WAIT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith('wizardcards-pad-') && key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

function kept(url) {
  return url.origin === self.location.origin && FILES.includes(url.pathname);
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const key = new URL(request.url).pathname;
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise((_, reject) => setTimeout(() => reject(new Error('slow')), WAIT_MS)),
    ]);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const copy = await cache.match(key);
    if (copy) return copy;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || !kept(url)) return;
  event.respondWith(networkFirst(event.request));
});
