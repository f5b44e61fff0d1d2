// The move clock of a shared table (#clock): the server renders the seconds left with each table
// and alone decides when they have run out; this only counts them down on screen between two
// tables, in the page's own digits (a slow table's in words: hours and days). A quick phrase ([data-hide-after]) is taken away when its
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

  // A slow table's time left in its two largest units, as the server words it (app/slow_games.py
  // `time_left`: whole seconds rounded up, then units rounded down), from the patterns it sends
  // in data-words.
  function inWords(left, words) {
    var parts = [];
    var days = Math.floor(left / 86400), hours = Math.floor(left % 86400 / 3600), minutes = Math.floor(left % 3600 / 60);
    function put(pattern, n) { parts.push(pattern.replace("{n}", shown(n))); }
    if (days) {
      put(days === 1 ? words.day_one : words.day, days);
      if (hours) put(words.hour, hours);
    } else if (hours) {
      put(words.hour, hours);
      if (minutes) put(words.minute, minutes);
    } else if (minutes) {
      put(words.minute, minutes);
    } else {
      put(words.second, left);
    }
    var time = parts.length > 1 ? words.both.replace("{first}", parts[0]).replace("{second}", parts[1]) : parts[0];
    return words.left.replace("{time}", time);
  }

  function start() {
    if (timer) clearTimeout(timer);
    timer = null;
    var clock = document.getElementById("clock");
    if (!clock) return;
    var ends = Date.now() + Number(clock.dataset.seconds) * 1000;
    var words = clock.dataset.words ? JSON.parse(clock.dataset.words) : null;
    function tick() {
      var ms = Math.max(0, ends - Date.now());
      if (words) {
        var text = clock.querySelector(".clock-words");
        if (text) text.textContent = inWords(Math.ceil(ms / 1000), words);
      } else {
        var number = clock.querySelector(".clock-n");
        if (number) number.textContent = shown(Math.ceil(ms / 1000));
      }
      if (!ms) return;
      // A slow clock wakes the page only when its words change: once a minute (they count whole
      // seconds rounded up, so a minute ends 1 s early), each second in the last minute.
      var step = !words ? 1000 : ms > 59000 ? (ms - 59001) % 60000 + 1 : (ms - 1) % 1000 + 1;
      timer = setTimeout(tick, step + (words ? 20 : 0));
    }
    timer = setTimeout(tick, words ? 0 : 1000);
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
