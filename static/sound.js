// Sounds of the table: short tones made here with WebAudio, for a card played, a
// capture, a sur and a round's end. Off by default; the one toggle (#sound-toggle) turns them on
// and localStorage remembers it. No sound is made before the player has touched the page (the
// toggle or anything else): the AudioContext is made only after a gesture. What happened comes
// from the server (#last-move[data-sound], read from the engine's events of the last move), and
// a sound plays only when a swap brings a new move (a new ply).
(function () {
  "use strict";
  var KEY = "chaharbargh-sound";
  var Context = window.AudioContext || window.webkitAudioContext;
  var context = null;
  var gestured = false;

  function on() {
    try {
      return window.localStorage.getItem(KEY) === "on";
    } catch (e) {
      return false;
    }
  }

  function remember(value) {
    try {
      window.localStorage.setItem(KEY, value ? "on" : "off");
    } catch (e) {
      /* private mode: the choice lasts for this page */
    }
  }

  function audio() {
    if (!Context || !gestured) return null;
    if (!context) context = new Context();
    if (context.state === "suspended") context.resume();
    return context;
  }

  // Each sound: tones as [start (s), frequency (Hz), length (s), wave, loudness].
  var SOUNDS = {
    play: [[0, 520, 0.07, "triangle", 0.25]],
    capture: [[0, 440, 0.08, "triangle", 0.25], [0.07, 660, 0.1, "triangle", 0.25]],
    sur: [[0, 523, 0.1, "square", 0.12], [0.1, 659, 0.1, "square", 0.12], [0.2, 784, 0.1, "square", 0.12], [0.3, 1047, 0.25, "square", 0.12]],
    round: [[0, 392, 0.18, "sine", 0.3], [0.18, 523, 0.18, "sine", 0.3], [0.36, 659, 0.3, "sine", 0.3]],
  };

  function play(name) {
    var tones = SOUNDS[name];
    var ctx = tones && on() ? audio() : null;
    if (!ctx) return;
    var now = ctx.currentTime;
    tones.forEach(function (tone) {
      var osc = ctx.createOscillator();
      var gain = ctx.createGain();
      var start = now + tone[0];
      osc.type = tone[3];
      osc.frequency.value = tone[1];
      gain.gain.setValueAtTime(tone[4], start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + tone[2]);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + tone[2] + 0.02);
    });
  }

  function show() {
    var button = document.getElementById("sound-toggle");
    if (!button) return;
    button.hidden = false;
    button.setAttribute("aria-pressed", on() ? "true" : "false");
  }

  function gesture() {
    gestured = true;
  }
  document.addEventListener("pointerdown", gesture, true);
  document.addEventListener("keydown", gesture, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#sound-toggle");
    if (!button) return;
    gestured = true;
    remember(!on());
    show();
    if (on()) play("play"); // the player hears what they turned on
  });

  var plyBefore = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var last = document.getElementById("last-move");
    plyBefore = last ? last.dataset.ply : null;
  });
  document.addEventListener("htmx:afterSwap", show); // the toggle is part of the swapped table
  document.addEventListener("htmx:afterSettle", function (event) {
    var last = document.getElementById("last-move");
    if (!last || event.target.id !== "game" || last.dataset.ply === plyBefore) return;
    plyBefore = last.dataset.ply;
    play(last.dataset.sound);
  });

  show();
})();
