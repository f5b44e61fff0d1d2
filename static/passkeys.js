// Passkeys on /me (app/routes/passkeys.py): a form with `data-passkey-ceremony` asks the server
// for options (POST to that address, JSON), asks the browser for a passkey with them, and posts
// the answer as JSON in its `credential` field; the server answers with a page, as for any form.
// The forms stay hidden where the browser has no WebAuthn (and without JavaScript); the note
// #passkey-unsupported then says so. Binary fields travel as base64url, as WebAuthn's JSON has them.
(function () {
  "use strict";

  function toBytes(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    var binary = atob(base64 + "===".slice((base64.length + 3) % 4));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }

  function toText(buffer) {
    var bytes = new Uint8Array(buffer), binary = "";
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function withIds(list) {
    return (list || []).map(function (item) { return Object.assign({}, item, { id: toBytes(item.id) }); });
  }

  // The server's options (JSON) as the browser's API takes them.
  function creation(options) {
    return Object.assign({}, options, {
      challenge: toBytes(options.challenge),
      user: Object.assign({}, options.user, { id: toBytes(options.user.id) }),
      excludeCredentials: withIds(options.excludeCredentials),
    });
  }

  function request(options) {
    return Object.assign({}, options, {
      challenge: toBytes(options.challenge),
      allowCredentials: withIds(options.allowCredentials),
    });
  }

  // The browser's answer as the JSON the server reads (WebAuthn's RegistrationResponseJSON and
  // AuthenticationResponseJSON).
  function answer(credential) {
    var r = credential.response, response = { clientDataJSON: toText(r.clientDataJSON) };
    if (r.attestationObject) {
      response.attestationObject = toText(r.attestationObject);
      response.transports = r.getTransports ? r.getTransports() : [];
    } else {
      response.authenticatorData = toText(r.authenticatorData);
      response.signature = toText(r.signature);
      response.userHandle = r.userHandle ? toText(r.userHandle) : null;
    }
    return JSON.stringify({
      id: credential.id, rawId: toText(credential.rawId), type: credential.type, response: response,
      clientExtensionResults: credential.getClientExtensionResults(),
      authenticatorAttachment: credential.authenticatorAttachment || null,
    });
  }

  function say(text) {
    var message = document.getElementById("message");
    if (!message) {
      message = document.createElement("p");
      message.id = "message";
      message.className = "message";
      document.getElementById("passkeys").prepend(message);
    }
    message.setAttribute("role", "alert");
    message.textContent = text;
  }

  function ceremony(form) {
    var section = document.getElementById("passkeys");
    var adding = form.querySelector("#passkey-add") !== null;
    var button = form.querySelector("button");
    button.disabled = true;
    fetch(form.dataset.passkeyCeremony, { method: "POST", credentials: "same-origin" })
      .then(function (reply) {
        if (!reply.ok) {  // refused (over a limit, no passkeys at this address): the page says why
          return reply.text().then(function (html) {
            var found = new DOMParser().parseFromString(html, "text/html").querySelector("#message, .message");
            throw { said: found ? found.textContent.trim() : section.dataset.failed };
          });
        }
        return reply.json();
      })
      .then(function (options) {
        return adding
          ? navigator.credentials.create({ publicKey: creation(options) })
          : navigator.credentials.get({ publicKey: request(options) });
      })
      .then(function (credential) {
        form.elements.credential.value = answer(credential);
        form.submit();
      })
      .catch(function (error) {
        button.disabled = false;
        // NotAllowedError: the person said no or let the time run out; InvalidStateError: this
        // authenticator already holds one of their passkeys (the options exclude them)
        var name = error && error.name;
        var known = { NotAllowedError: section.dataset.cancelled, InvalidStateError: section.dataset.known };
        say((error && error.said) || known[name] || section.dataset.failed);
      });
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (!window.PublicKeyCredential || !navigator.credentials) return;
    document.getElementById("passkey-unsupported").hidden = true;
    document.querySelectorAll("form[data-passkey-ceremony]").forEach(function (form) {
      form.hidden = false;
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        ceremony(form);
      });
    });
  });
})();
