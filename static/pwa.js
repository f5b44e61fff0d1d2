// Every page: the service worker (static files cached, an offline page) and the install button.
if ("serviceWorker" in navigator) {
  // without a worker the site works as before, only not offline
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}

// The browser offers to install the site (Chromium's `beforeinstallprompt`): keep the offer for
// the button, which is hidden wherever no offer comes (other browsers, the app already installed).
let offer = null;
const installOffer = () => document.getElementById("install-offer");

window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  offer = event;
  const shown = installOffer();
  if (shown) shown.hidden = false;
});

window.addEventListener("appinstalled", () => {
  offer = null;
  const shown = installOffer();
  if (shown) shown.hidden = true;
});

document.addEventListener("click", async (event) => {
  if (!event.target.closest("#install") || !offer) return;
  const asked = offer;
  offer = null;  // an offer can be shown once
  installOffer().hidden = true;
  await asked.prompt();
});

// Notifications: the opt-in button (`#notify[data-vapid-key]`, on a table with others and on
// /me) is shown where the browser has Web Push; pressing it asks the browser's permission, then
// subscribes through the service worker with the site's VAPID key and hands the subscription to
// the server. Nothing is asked without a press.
const pushable = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

function keyBytes(text) {
  const base64 = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

async function showNotify() {
  const button = document.getElementById("notify");
  if (!button || !pushable()) return;
  const state = document.getElementById("notify-state");
  const registration = await navigator.serviceWorker.getRegistration();
  const subscribed = registration && await registration.pushManager.getSubscription();
  if (subscribed && Notification.permission === "granted") {
    button.hidden = true;
    if (state && !state.textContent.trim()) state.textContent = button.dataset.done;
  } else {
    button.hidden = Notification.permission === "denied";
    if (Notification.permission === "denied" && state) state.textContent = button.dataset.denied;
  }
}

function b64url(buffer) {
  return btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

document.addEventListener("click", async (event) => {
  const button = event.target.closest("#notify");
  if (!button) return;
  const state = document.getElementById("notify-state");
  const say = (words) => { if (state) state.textContent = words; };
  try {
    if (await Notification.requestPermission() !== "granted") return say(button.dataset.denied);
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(button.dataset.vapidKey),
    });
    const body = new URLSearchParams({
      endpoint: subscription.endpoint,
      p256dh: b64url(subscription.getKey("p256dh")),
      auth: b64url(subscription.getKey("auth")),
      lang: document.documentElement.lang,
    });
    const answer = await fetch("/push/subscribe", { method: "POST", body, credentials: "same-origin" });
    if (!answer.ok) throw new Error(String(answer.status));
    button.hidden = true;
    say(button.dataset.done);
  } catch (error) {
    say(button.dataset.failed);
  }
});

// The tab's title says «نوبت شما» / "Your turn" while the page is hidden and it is this seat's
// turn (the table's `#turn-mark`, swapped in with each table).
let plainTitle = document.title;
function markTurn() {
  const mark = document.getElementById("turn-mark");
  const mine = mark && mark.dataset.mine === "1";
  if (document.hidden && mine) {
    if (!document.title.startsWith(mark.dataset.title)) document.title = mark.dataset.title + " · " + plainTitle;
  } else if (document.title !== plainTitle) {
    document.title = plainTitle;
  }
}
document.addEventListener("visibilitychange", markTurn);
document.addEventListener("htmx:afterSettle", () => { markTurn(); showNotify(); });
document.addEventListener("DOMContentLoaded", () => { plainTitle = document.title; showNotify(); });

// A table with others tells the server whether this page is shown (`#turn-mark[data-seen]`,
// app/visibility.py): a live table pushes "your turn" only to a seat none of whose pages is. A
// shown page says so again every minute (the server forgets a page silent for longer: closed),
// and a page that goes away says "hidden" as it goes.
const pageName = self.crypto && crypto.randomUUID ? crypto.randomUUID() : "p" + Math.random().toString(36).slice(2) + Date.now();
const SEEN_AGAIN_MS = 60000;  // app/visibility.py's REPEAT
let seenAgain = null;
function tellSeen(closing) {
  const mark = document.getElementById("turn-mark");
  const address = mark && mark.dataset.seen;
  clearTimeout(seenAgain);
  if (!address) return;
  const shown = !closing && !document.hidden;
  const body = new URLSearchParams({ page: pageName, shown: shown ? "1" : "0" });
  fetch(address, { method: "POST", body, credentials: "same-origin", keepalive: true }).catch(() => {});
  if (shown) seenAgain = setTimeout(() => tellSeen(false), SEEN_AGAIN_MS);
}
document.addEventListener("visibilitychange", () => tellSeen(false));
document.addEventListener("DOMContentLoaded", () => tellSeen(false));
window.addEventListener("pagehide", () => tellSeen(true));
