// The website's router: every view has its own URL (/, /student/<hallticket>, /class?…, /releases, /compare?…); links
// marked data-nav change the view without reloading, and the back button works.
import {classView} from './classpage.js';
import {compareView} from './compare.js';
import {releasesView} from './releases.js';
import {hallTicketForm, studentView} from './student.js';
import {fill, h} from './ui.js';

const main = document.getElementById('main');
let current = new AbortController();

function homeView(target, {navigate}) {
  document.title = 'JNTUH results';
  fill(target,
    h('h1', {tabindex: '-1'}, 'JNTUH results'),
    h('p', {class: 'lead'}, 'Every semester of a student on one page — grades, SGPA, CGPA, credits and backlogs — and the results of a whole class. For B.Tech, B.Pharmacy, M.Tech, M.Pharmacy, MBA and MCA.'),
    h('section', {class: 'panel', 'aria-labelledby': 'student-title'},
      h('h2', {id: 'student-title'}, 'A student\'s results'),
      hallTicketForm(navigate)),
    h('div', {class: 'charts'},
      h('section', {class: 'panel', 'aria-labelledby': 'class-title'},
        h('h2', {id: 'class-title'}, 'A class'),
        h('p', {}, 'Pass rates, grade distribution and toppers of a range of hall tickets in one exam.'),
        h('a', {class: 'button', href: '/class', 'data-nav': true}, 'Class results')),
      h('section', {class: 'panel', 'aria-labelledby': 'releases-title'},
        h('h2', {id: 'releases-title'}, 'Latest releases'),
        h('p', {}, 'The university\'s result releases and notifications, with a link to each class\'s results.'),
        h('a', {class: 'button', href: '/releases', 'data-nav': true}, 'Releases'))));
}

function notFoundView(target) {
  document.title = 'Page not found — JNTUH results';
  fill(target, h('h1', {tabindex: '-1'}, 'Page not found'), h('p', {}, h('a', {href: '/', 'data-nav': true}, 'Go to the start page')));
}

/** Draws the view of the current URL; focus goes to its heading when the user navigated. */
function render(focus) {
  current.abort();
  current = new AbortController();
  const context = {signal: current.signal, navigate, search: location.search};
  const path = location.pathname;
  const student = /^\/student\/([^/]+)$/.exec(path);
  let view;
  if (path === '/') view = homeView(main, context);
  else if (student) view = studentView(main, {...context, hallTicket: decodeURIComponent(student[1])});
  else if (path === '/class') view = classView(main, context);
  else if (path === '/releases') view = releasesView(main, context);
  else if (path === '/compare') view = compareView(main, context);
  else view = notFoundView(main);
  document.querySelectorAll('.site-header nav a').forEach((link) => {
    const section = link.getAttribute('href');
    const active = section === '/' ? path === '/' || path.startsWith('/student/') : path.startsWith(section);
    if (active) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  });
  if (focus) {
    main.querySelector('h1')?.focus();
    Promise.resolve(view).then(() => main.querySelector('h1')?.focus({preventScroll: true}));
  }
}

function navigate(url) {
  history.pushState(null, '', url);
  window.scrollTo(0, 0);
  render(true);
}

/**
 * A table too wide for the screen scrolls in its box; such a box must be reachable by keyboard (and named), so it
 * gets tabindex 0 and a region label from its table's caption while, and only while, it scrolls.
 */
function markScrollingTables() {
  main.querySelectorAll('.table-wrap').forEach((box) => {
    if (box.scrollWidth > box.clientWidth + 1) {
      box.setAttribute('tabindex', '0');
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', box.querySelector('caption')?.textContent || 'Table');
    } else if (box.hasAttribute('tabindex')) {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  });
}
let marking = 0;
function markSoon() {
  cancelAnimationFrame(marking);
  marking = requestAnimationFrame(markScrollingTables);
}
new MutationObserver(markSoon).observe(main, {childList: true, subtree: true});
window.addEventListener('resize', markSoon);

document.addEventListener('click', (event) => {
  const link = event.target.closest('a[data-nav]');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(link.getAttribute('href'));
});
window.addEventListener('popstate', () => render(true));
render(false);
