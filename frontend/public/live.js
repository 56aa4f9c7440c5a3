// The live pages' one script (/wedstrijden/{id}/live, /speelavond/{poule}/{ronde}): progressive
// enhancement, no framework. Without it the page reloads itself every 30 s (<noscript> meta
// refresh). With it the page listens to the API's Server-Sent Events. Every message carries
// the version of the live answer (`ready` on (re)connecting, `change` after each change); the
// page knows the version it shows (data-live-version on the part marked data-live-root). When
// they differ it reads itself again at ?v=<version> (one address per version, so identical
// requests can be cached) and swaps that part, without a reload; when they are equal there is
// nothing to do. A message without a version (the API could not read the answer) reads the
// page as it is. When the stream cannot be opened (too many viewers, an old browser) it reads
// the page every 30 s.
(function () {
  'use strict';
  var root = document.querySelector('[data-live-root]');
  if (!root || !window.fetch || !window.DOMParser) return;
  var POLL_MS = 30000;
  var source = root.getAttribute('data-live-events');
  var busy = false;
  var again = false;
  var timer = null;
  var poller = null;
  /** The newest version a message announced (null: unknown, read the page as it is). */
  var wanted = null;
  /** A read that brought another version than announced is tried once more (another API process may not have heard of the change yet). */
  var retried = false;
  var readyOnce = false;

  function say(text) {
    var status = document.querySelector('[data-live-status]');
    if (status) status.textContent = text;
  }

  function shown() {
    var current = document.querySelector('[data-live-root]');
    return current ? current.getAttribute('data-live-version') : null;
  }

  function address(version) {
    if (!version) return window.location.href;
    var params = new URLSearchParams(window.location.search);
    params.set('v', version);
    return window.location.pathname + '?' + params.toString();
  }

  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    var version = wanted;
    var init = { credentials: 'same-origin', headers: { accept: 'text/html' } };
    if (!version) init.cache = 'no-store';
    fetch(address(version), init)
      .then(function (res) {
        if (!res.ok) throw new Error(String(res.status));
        return res.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-live-root]');
        var current = document.querySelector('[data-live-root]');
        if (fresh && current) {
          current.innerHTML = fresh.innerHTML;
          current.setAttribute('data-live-version', fresh.getAttribute('data-live-version') || '');
        }
        var count = Number(document.body.getAttribute('data-live-updates') || '0') + 1;
        document.body.setAttribute('data-live-updates', String(count));
        if (wanted && wanted !== shown() && !retried) {
          retried = true;
          setTimeout(refresh, 1000);
        } else if (wanted === shown()) {
          retried = false;
        }
      })
      .catch(function () {
        say('Bijwerken mislukt; nieuwe poging bij de volgende wijziging.');
      })
      .then(function () {
        busy = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  // Many spectators get the same event: spread their reads over half a second.
  function soon() {
    if (timer) return;
    timer = setTimeout(function () {
      timer = null;
      refresh();
    }, 100 + Math.floor(Math.random() * 400));
  }

  function versionOf(event) {
    try {
      return JSON.parse(event.data).version || null;
    } catch (e) {
      return null;
    }
  }

  /** A message from the stream: read the page again unless it already shows the message's version. */
  function heard(event) {
    wanted = versionOf(event);
    if (wanted && wanted === shown()) return;
    retried = false;
    soon();
  }

  function poll() {
    if (poller) return;
    say('Deze pagina wordt elke 30 seconden bijgewerkt.');
    wanted = null;
    poller = setInterval(refresh, POLL_MS);
  }

  if (!source || !window.EventSource) return poll();
  var events = new EventSource(source);
  events.addEventListener('ready', function (event) {
    document.body.setAttribute('data-live', 'open');
    say('Live: deze pagina werkt zichzelf bij.');
    // On a (re)connect the stream says what is current now: changes may have been missed
    // meanwhile (without a version: read again after a reconnect).
    if (versionOf(event) || readyOnce) heard(event);
    readyOnce = true;
  });
  events.addEventListener('change', heard);
  events.addEventListener('error', function () {
    if (events.readyState === EventSource.CLOSED) {
      document.body.setAttribute('data-live', 'closed');
      poll();
    } else {
      say('Verbinding verbroken; opnieuw verbinden…');
    }
  });
})();
