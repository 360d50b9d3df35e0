// The releases page: /releases, from /new/all and /notifications.
import {errorNotice, getJson, releaseParams, staleNotice} from './api.js';
import {fill, h} from './ui.js';

function classLink(release) {
  return `/class?${new URLSearchParams(releaseParams(release))}`;
}

function releaseTable(id, caption, releases) {
  return h('div', {class: 'table-wrap'}, h('table', {id},
    h('caption', {class: 'visually-hidden'}, caption),
    h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, 'Released'), h('th', {scope: 'col'}, 'Exam'),
      h('th', {scope: 'col'}, 'Results'))),
    h('tbody', {}, releases.map((release) => h('tr', {dataset: {text: `${release.exam_name} ${release.release_date}`.toLowerCase()}},
      h('td', {class: 'date'}, release.release_date || '—'),
      h('th', {scope: 'row'}, release.exam_name),
      h('td', {class: 'links'}, h('a', {href: classLink(release), 'data-nav': true}, 'Class results'),
        h('a', {href: release.links[0], rel: 'noopener noreferrer external'}, 'University page')))))));
}

function releasesSection(answer) {
  const list = answer.body;
  const filter = h('input', {id: 'release-filter', type: 'search', autocomplete: 'off', placeholder: 'e.g. R18 II Year'});
  const section = h('section', {class: 'panel', 'aria-labelledby': 'releases-title'},
    h('h2', {id: 'releases-title'}, `Releases (${list['total-exam-result-releases']})`),
    h('div', {class: 'no-print'}, h('label', {for: 'release-filter'}, 'Filter releases'), filter),
    h('h3', {}, `Regular (${list['total-regular-exam-result-releases']})`),
    releaseTable('regular-releases', 'Regular examinations', list.regular),
    h('h3', {}, `Supplementary (${list['total-supply-exam-result-releases']})`),
    releaseTable('supply-releases', 'Supplementary examinations', list.supply));
  filter.addEventListener('input', () => {
    const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    section.querySelectorAll('tbody tr').forEach((row) => {
      row.hidden = !words.every((word) => row.dataset.text.includes(word));
    });
  });
  return section;
}

function notificationsSection(answer) {
  return h('section', {class: 'panel', 'aria-labelledby': 'notifications-title'},
    h('h2', {id: 'notifications-title'}, 'Notifications'),
    answer.body.length === 0 ? h('p', {}, 'No notifications.') :
      h('ul', {class: 'notifications', id: 'notifications'}, answer.body.map((item) => h('li', {},
        h('time', {}, item.notification_date), item.notification_description))));
}

/** Draws the releases page into `main`. */
export async function releasesView(main, {signal}) {
  document.title = 'Releases — JNTUH results';
  fill(main, h('h1', {tabindex: '-1'}, 'Result releases and notifications'),
    h('p', {class: 'loading', role: 'status'}, 'Loading the university\'s release list…'));
  const [releases, notifications] = await Promise.allSettled([getJson('/new/all', signal), getJson('/notifications', signal)]);
  if (signal.aborted) return;
  const part = (outcome, draw) => (outcome.status === 'fulfilled' ? draw(outcome.value) : errorNotice(outcome.reason));
  fill(main, h('h1', {tabindex: '-1'}, 'Result releases and notifications'),
    staleNotice(releases.value, notifications.value),
    h('div', {class: 'releases-layout'},
      h('div', {}, part(releases, releasesSection)),
      h('div', {}, part(notifications, notificationsSection))));
}
