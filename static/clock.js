// The move clock of a shared table (#clock): the server renders the seconds left with each table
// and alone decides when they have run out; this only counts them down on screen between two
// tables, in the page's own digits. A quick phrase ([data-hide-after]) is taken away when its
// seconds are up, and the phrase buttons ([data-enable-after]) come back when a person may speak
// again. Without JavaScript these stay as rendered until the table is drawn again.
(function () {
  "use strict";
  var FA = "۰۱۲۳۴۵۶۷۸۹";
  var timer = null;

  function shown(n) {
    var text = String(n);
    if (document.documentElement.lang !== "fa") return text;
    return text.replace(/[0-9]/g, function (d) { return FA[+d]; });
  }

  function start() {
    if (timer) clearInterval(timer);
    timer = null;
    var clock = document.getElementById("clock");
    if (!clock) return;
    var ends = Date.now() + Number(clock.dataset.seconds) * 1000;
    timer = setInterval(function () {
      var number = clock.querySelector(".clock-n");
      var left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
      if (number) number.textContent = shown(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
  }
  function hideSaid() {
    document.querySelectorAll("[data-hide-after]").forEach(function (said) {
      if (said.dataset.hiding) return;
      said.dataset.hiding = "true";
      setTimeout(function () { said.remove(); }, Number(said.dataset.hideAfter) * 1000);
    });
  }
  function enableLater() {
    document.querySelectorAll("[data-enable-after]").forEach(function (button) {
      if (button.dataset.waiting) return;
      button.dataset.waiting = "true";
      setTimeout(function () { button.disabled = false; }, Number(button.dataset.enableAfter) * 1000);
    });
  }
  document.addEventListener("DOMContentLoaded", enableLater);
  document.addEventListener("htmx:afterSettle", enableLater);
  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterSettle", start);
  document.addEventListener("DOMContentLoaded", hideSaid);
  document.addEventListener("htmx:afterSettle", hideSaid);
})();
