// Result alerts on the student page: "Notify me when a new result is out" (browser push through the site's service
// worker /sw.js and the service's /api/push), and the live page (Server-Sent Events from /events/student/<hallticket>).
import {ApiError, getJson, sendJson} from './api.js';
import {h, twoDecimals} from './ui.js';

const SERVICE_WORKER = '/sw.js';
/** localStorage: the hall tickets this browser is told about. One push subscription serves them all. */
const FOLLOWED = 'results.notify';

/** Whether this browser can be notified: a service worker, push messages and notifications, on https or localhost. */
function pushSupported() {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function followed() {
  try {
    const list = JSON.parse(localStorage.getItem(FOLLOWED) ?? '[]');
    return Array.isArray(list) ? list.filter((item) => typeof item === 'string') : [];
  } catch {
    return []; // storage disabled, or not ours
  }
}

function setFollowed(list) {
  try {
    localStorage.setItem(FOLLOWED, JSON.stringify([...new Set(list)]));
  } catch {
    // storage disabled: the button shows the state of this page only
  }
}

/** The VAPID public key of /api/push/key (base64url) as the bytes pushManager.subscribe takes. */
function keyBytes(base64Url) {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

function sameBytes(buffer, bytes) {
  if (!buffer) return false;
  const other = new Uint8Array(buffer);
  return other.length === bytes.length && other.every((byte, index) => byte === bytes[index]);
}

/** This browser's push subscription for the site, or null (no worker registered, or not subscribed). */
async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Subscribes this browser (the service worker registered, permission asked first, while the click still counts as
 * the person's gesture) and tells the service to push `hallTicket`'s new results to it. → 'granted', or the
 * permission the person gave instead ('denied', 'default' when they dismissed the question).
 */
async function turnOn(hallTicket) {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  await navigator.serviceWorker.register(SERVICE_WORKER, {scope: '/'});
  const key = keyBytes((await getJson('/api/push/key')).body.public_key);
  const registration = await navigator.serviceWorker.ready; // subscribing needs an active worker
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options?.applicationServerKey, key)) {
    await subscription.unsubscribe(); // made with a key the service no longer has (the operator rotated it)
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: key});
  await sendJson('POST', '/api/push', {hallticket: hallTicket, subscription: subscription.toJSON()});
  setFollowed([...followed(), hallTicket]);
  return 'granted';
}

/**
 * Stops the pushes of `hallTicket`. The service forgets an endpoint with all its hall tickets, so the others this
 * browser follows are subscribed again; with none left, the browser's subscription ends too.
 */
async function turnOff(hallTicket) {
  const others = followed().filter((other) => other !== hallTicket);
  const subscription = await currentSubscription();
  if (subscription) {
    try {
      // The browser's auth secret proves the endpoint is this browser's: the service ends no one else's.
      await sendJson('DELETE', '/api/push', {endpoint: subscription.endpoint, auth: subscription.toJSON().keys.auth});
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error; // 404: already forgotten
    }
    if (others.length > 0) {
      for (const other of others) {
        await sendJson('POST', '/api/push', {hallticket: other, subscription: subscription.toJSON()});
      }
    } else {
      await subscription.unsubscribe();
    }
  }
  setFollowed(others);
}

function failureText(error) {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'too many requests from your network just now; please try again later.';
    if (error.status === 0) return 'the results service could not be reached; check your connection and try again.';
    return `the service answered ${error.status}${error.detail ? ` (${error.detail})` : ''}; please try again later.`;
  }
  return `this browser could not subscribe (${error?.message || error?.name || 'unknown error'}).`;
}

/**
 * The "Notify me when a new result is out" control for `hallTicket`: a toggle button (aria-pressed says whether it is
 * on) and a polite status line saying what happened. A browser that cannot show notifications, or in which the site's
 * notifications are blocked, gets the sentence why instead of the button.
 */
export function notifyControl(hallTicket) {
  const status = h('p', {id: 'notify-status', class: 'hint', role: 'status', dataset: {notifyStatus: ''}});
  const explain = (text, state) => {
    status.textContent = text;
    status.dataset.notifyStatus = state;
  };
  const control = h('div', {class: 'notify no-print'});
  if (!pushSupported()) {
    explain('This browser cannot notify you of new results. While this page is open, it shows a new result as soon as it is out.',
      'unsupported');
    control.append(status);
    return control;
  }
  const blocked = () => {
    button.remove();
    explain('Notifications from this site are blocked in this browser\'s settings: allow them there to be told when a new result is out.',
      'blocked');
  };
  let busy = false;
  const button = h('button', {type: 'button', class: 'secondary', 'aria-pressed': 'false',
    'aria-describedby': 'notify-status', dataset: {notify: ''},
    onclick: async () => {
      if (busy) return;
      busy = true;
      button.setAttribute('aria-disabled', 'true');
      const on = button.getAttribute('aria-pressed') === 'true';
      explain(on ? 'Turning notifications off…' : 'Turning notifications on…', 'working');
      try {
        if (on) {
          await turnOff(hallTicket);
          button.setAttribute('aria-pressed', 'false');
          explain(`Off: this device will not be notified of ${hallTicket}'s results.`, 'off');
        } else {
          const permission = await turnOn(hallTicket);
          if (permission === 'granted') {
            button.setAttribute('aria-pressed', 'true');
            explain(`On: this device gets a notification when a new result of ${hallTicket} is out. Press again to stop.`, 'on');
          } else if (permission === 'denied') {
            blocked();
          } else {
            explain('Notifications were not allowed. Press the button again to be asked again.', 'off');
          }
        }
      } catch (error) {
        explain(`Notifications could not be turned ${on ? 'off' : 'on'}: ${failureText(error)}`, 'failed');
      } finally {
        busy = false;
        button.removeAttribute('aria-disabled');
      }
    }}, 'Notify me when a new result is out');
  control.append(button, status);
  if (Notification.permission === 'denied') {
    blocked();
    return control;
  }
  // The state this browser is in: on when it has a subscription and follows this hall ticket.
  currentSubscription().then((subscription) => {
    if (!busy && subscription && followed().includes(hallTicket)) button.setAttribute('aria-pressed', 'true');
  }, () => {});
  return control;
}

/** The sentence of a result.published event's data: "New result: semester 2-2, SGPA 8.12". */
export function newResultText(data) {
  const semester = data?.release?.semester;
  const sgpa = typeof data?.sgpa === 'number' ? twoDecimals(data.sgpa) : data?.sgpa === null ? 'not computed' : 'not awarded';
  return `New result: ${semester ? `semester ${semester}` : data?.release?.exam_name || 'a new release'}, SGPA ${sgpa}`;
}

/**
 * How long a refused live page waits before trying again: the service's Retry-After (an EventSource cannot read it),
 * plus up to 10 s so that the pages of one network do not all come back at once.
 */
const LIVE_RETRY_MS = 30_000;
const LIVE_RETRY_SPREAD_MS = 10_000;

/**
 * Keeps the live page of `hallTicket` open until `signal` aborts (the person leaves the page), calling `onResult`
 * with the data of each result.published event, and `onState` with 'live' once the stream is open or 'paused' when
 * the service refused it (too many pages open from this network or on the service: 429 or 503, which an EventSource
 * does not retry by itself); a paused page tries again after a pause. A dropped connection the browser reconnects by
 * itself, saying the last event it had.
 */
export function watchResults(hallTicket, signal, onResult, onState = () => {}) {
  if (!('EventSource' in window) || signal.aborted) return;
  let retry = null;
  signal.addEventListener('abort', () => clearTimeout(retry), {once: true});
  const connect = () => {
    const source = new EventSource(`/events/student/${encodeURIComponent(hallTicket)}`);
    source.addEventListener('open', () => onState('live'));
    source.addEventListener('result.published', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not the service's event
      }
      onResult(message.data);
    });
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED || signal.aborted) return; // the browser reconnects by itself
      onState('paused');
      retry = setTimeout(connect, LIVE_RETRY_MS + Math.random() * LIVE_RETRY_SPREAD_MS);
    });
    signal.addEventListener('abort', () => source.close(), {once: true});
  };
  connect();
}
