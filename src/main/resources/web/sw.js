// The website's service worker. It does one thing: when the service pushes a new result of a hall ticket this
// browser follows ("Notify me" on the student page), it shows a notification with the semester and SGPA, and a click
// on it brings forward the student's page, or opens it. It caches nothing and handles no requests.
//
// The handlers' logic is in plain functions, and the listeners are added only inside a service worker, so that a
// page can load this file as a script and call the functions with stand-ins for the event and the clients (the
// website's browser test does).
'use strict';

/**
 * The notification for a push message's text — the service's JSON {title, body, url, hallticket, semester, sgpa} —
 * as {title, options} for showNotification. A message that is not that JSON still gives a notification (a browser
 * must show one for every push), a plain one that opens the site. One notification per hall ticket: a newer result
 * replaces the older one, and alerts again.
 */
function resultNotification(text, origin) {
  let message = {};
  try {
    const parsed = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object') message = parsed;
  } catch {
    // not JSON: the plain notification below
  }
  const hallTicket = typeof message.hallticket === 'string' ? message.hallticket : '';
  return {
    title: typeof message.title === 'string' && message.title !== '' ? message.title : 'New result',
    options: {
      body: typeof message.body === 'string' ? message.body : 'A new result is out.',
      tag: hallTicket === '' ? 'result' : `result-${hallTicket}`,
      renotify: true,
      lang: 'en',
      data: {url: pageUrl(message.url, hallTicket, origin)},
    },
  };
}

/** The message's page if it is an http(s) URL; otherwise the student's page on this site (or its start page). */
function pageUrl(url, hallTicket, origin) {
  if (typeof url === 'string') {
    try {
      const parsed = new URL(url, origin);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return parsed.href;
    } catch {
      // not a URL: the page below
    }
  }
  return new URL(hallTicket === '' ? '/' : `/student/${encodeURIComponent(hallTicket)}`, origin).href;
}

/** A URL without its fragment: a window showing the page at another anchor is still showing the page. */
function withoutFragment(url) {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/**
 * What a click on a result notification does: closes it, then focuses a window that shows its page, or opens the
 * page in a new one. `clients` is the worker's Clients (matchAll, openWindow); the returned promise is also given to
 * event.waitUntil, so that the browser keeps the worker alive until the window is there.
 */
function handleNotificationClick(event, clients) {
  event.notification.close();
  const url = event.notification.data && typeof event.notification.data.url === 'string'
    ? event.notification.data.url : null;
  const done = (async () => {
    if (url === null) return null;
    const wanted = withoutFragment(url);
    const windows = await clients.matchAll({type: 'window', includeUncontrolled: true});
    const open = windows.find((client) => withoutFragment(client.url) === wanted);
    return open ? open.focus() : clients.openWindow(url);
  })();
  event.waitUntil(done);
  return done;
}

if (typeof ServiceWorkerGlobalScope === 'function' && self instanceof ServiceWorkerGlobalScope) {
  // Nothing is cached, so a new version may take over at once.
  self.addEventListener('install', () => self.skipWaiting());
  self.addEventListener('push', (event) => {
    const {title, options} = resultNotification(event.data ? event.data.text() : '', self.location.origin);
    event.waitUntil(self.registration.showNotification(title, options));
  });
  self.addEventListener('notificationclick', (event) => handleNotificationClick(event, self.clients));
}
