// Chaharbargh's service worker (app/routes/install.py serves it at /sw.js, its scope the whole site).
// The static files are kept in a cache named by this version; a release that changes any of them
// changes this text, the browser installs the new worker, and it drops the old cache.
// Pages are always asked of the network and never kept: a table's page, its moves and its event
// stream pass through untouched. Only when the network fails for a page is the offline page shown.
const VERSION = "{{ version }}";
const CACHE = "chaharbargh-" + VERSION;
const ASSETS = {{ assets }};
const OFFLINE = {{ offline }};
const STATIC = new Set(ASSETS);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll([...ASSETS, OFFLINE]))
      .then(() => self.skipWaiting()),  // a release's files at once, not after every tab is closed
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("chaharbargh-") && name !== CACHE).map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

// The offline page again, as the server renders it now: this browser's matches, in its language.
async function keepOffline() {
  const response = await fetch(OFFLINE, { cache: "no-store" });
  if (response.ok) await (await caches.open(CACHE)).put(OFFLINE, response);
}

async function page(event) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(keepOffline().catch(() => {}));
    return response;
  } catch (error) {
    // pages answer `Vary: Cookie`, which a worker's requests never carry: compare addresses only
    const offline = await caches.match(OFFLINE, { cacheName: CACHE, ignoreVary: true });
    return offline || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (STATIC.has(url.pathname)) {
    event.respondWith(caches.match(request, { cacheName: CACHE }).then((found) => found || fetch(request)));
  }
  // anything else (a table's fragments, event streams, forms' answers): the network alone
});

// Web Push (app/push_send.py): the server's notification, decrypted by the browser, is shown as
// it comes (its words are already in the person's language; it never holds a card).
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = {}; }
  const title = data.title || "Chaharbargh";
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || "",
    tag: data.tag || undefined,  // one notification per table: a newer one replaces it
    data: { url: data.url || "/" },
    icon: ASSETS.find((name) => name.includes("icon-192")) || undefined,
  }));
});

// Tapping it opens that table: a tab already on it is focused, else a new one opens.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;  // only this site's tables
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((client) => new URL(client.url).pathname === url.pathname);
    if (same) return same.focus();
    return self.clients.openWindow(url.href);
  })());
});
