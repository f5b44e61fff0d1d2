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
