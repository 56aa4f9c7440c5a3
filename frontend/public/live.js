// The live pages' one script (/wedstrijden/{id}/live, /speelavond/{poule}/{ronde}): progressive
// enhancement, no framework. Without it the page reloads itself every 30 s (<noscript> meta
// refresh). With it the page listens to the API's Server-Sent Events and, after each change,
// reads itself again and swaps the part marked data-live-root, without a reload. When the
// stream cannot be opened (too many viewers, an old browser) it reads the page every 30 s.
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
  var readyOnce = false;

  function say(text) {
    var status = document.querySelector('[data-live-status]');
    if (status) status.textContent = text;
  }

  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    fetch(window.location.href, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok) throw new Error(String(res.status));
        return res.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-live-root]');
        var current = document.querySelector('[data-live-root]');
        if (fresh && current) current.innerHTML = fresh.innerHTML;
        var count = Number(document.body.getAttribute('data-live-updates') || '0') + 1;
        document.body.setAttribute('data-live-updates', String(count));
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

  function poll() {
    if (poller) return;
    say('Deze pagina wordt elke 30 seconden bijgewerkt.');
    poller = setInterval(refresh, POLL_MS);
  }

  if (!source || !window.EventSource) return poll();
  var events = new EventSource(source);
  events.addEventListener('ready', function () {
    document.body.setAttribute('data-live', 'open');
    say('Live: deze pagina werkt zichzelf bij.');
    // After a reconnect, changes may have been missed while the stream was away.
    if (readyOnce) soon();
    readyOnce = true;
  });
  events.addEventListener('change', soon);
  events.addEventListener('error', function () {
    if (events.readyState === EventSource.CLOSED) {
      document.body.setAttribute('data-live', 'closed');
      poll();
    } else {
      say('Verbinding verbroken; opnieuw verbinden…');
    }
  });
})();
