// The home page's new-match form: choosing another preset or number of players fills in that
// preset's values (the target doubles with four players). Without JavaScript the form works the
// same; its "fill in this preset's values" button asks the server for them instead.
(function () {
  "use strict";
  var form = document.getElementById("new-match-form");
  if (!form) return;
  var defaults = JSON.parse(form.dataset.defaults);
  // a number field shows its value in the page's digits, as the server wrote it (Persian: ۶۲)
  var persian = document.documentElement.lang === "fa";
  function shown(value) {
    var text = String(value);
    return persian ? text.replace(/[0-9]/g, function (d) { return "۰۱۲۳۴۵۶۷۸۹"[d]; }) : text;
  }

  function checked(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  function fill() {
    var preset = defaults[checked("preset")];
    var values = preset && preset[checked("players")];
    if (!values) return;
    Object.keys(values).forEach(function (name) {
      var value = values[name];
      form.querySelectorAll('input[name="' + name + '"]').forEach(function (input) {
        if (input.type === "radio") input.checked = input.value === String(value);
        else if (input.type === "checkbox") input.checked = value === true;
        else input.value = value === null ? "" : shown(value);
      });
    });
  }

  // The summary above Start names what Start begins: the server words it (the rules are its)
  // from the form's current values, after every change and whenever the page is shown, since
  // the browser may restore other values into the form on Back than the page was sent with.
  var summary = document.getElementById("quick-summary");
  var asked = 0;
  function summarise() {
    if (!summary) return;
    var mine = ++asked;
    var query = new URLSearchParams(new FormData(form));
    query.set("lang", document.documentElement.lang);
    fetch(summary.dataset.src + "?" + query.toString(), { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html !== null && mine === asked) summary.innerHTML = html; // an older answer never wins
      })
      .catch(function () {}); // offline: the summary stays as it was
  }

  form.querySelectorAll('input[name="preset"], input[name="players"]').forEach(function (input) {
    input.addEventListener("change", fill);
  });
  form.addEventListener("change", summarise); // after `fill`: the listeners on the inputs run first
  form.addEventListener("input", summarise);
  window.addEventListener("pageshow", summarise); // a load, a Back with the form restored, or from the cache
  var button = document.getElementById("fill-defaults");
  if (button) button.hidden = true; // the script does it at once
})();
