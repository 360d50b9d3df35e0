// The student page: /student/<hallticket>, from /report/<hallticket> and /all/<hallticket> (one cached lookup; the
// programme and regulation are read from the hall ticket), with a link to the same report as a PDF. Every programme is drawn from the JSON alone: its semesters,
// the figures the service knows (null where it does not) and the notes saying why a figure is missing.
// While it is shown it listens for the student's new results (/events/student/<hallticket>) and draws itself again.
import {newResultText, notifyControl, watchResults} from './alerts.js';
import {errorNotice, getJson, staleNotice} from './api.js';
import {barChart, chartsAvailable} from './charts.js';
import {credits, fill, h, semesterName, tile, twoDecimals} from './ui.js';
import {calculatorSection, promotionSection} from './whatif.js';

/** The hall ticket form used on the home page and above a student's results. */
export function hallTicketForm(navigate, value = '') {
  const input = h('input', {
    id: 'hallticket', name: 'hallticket', type: 'text', class: 'hallticket', value, required: true,
    autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', maxlength: '10',
    'aria-describedby': 'hallticket-hint',
  });
  const form = h('form', {class: 'search', role: 'search', 'aria-label': 'Find a student\'s results',
    onsubmit: (event) => {
      event.preventDefault();
      const hallTicket = input.value.trim().toUpperCase();
      navigate(`/student/${encodeURIComponent(hallTicket)}`);
    }},
  h('label', {for: 'hallticket'}, 'Hall ticket number'),
  h('div', {class: 'search-row'}, input, h('button', {type: 'submit'}, 'Show results')),
  h('span', {id: 'hallticket-hint', class: 'hint'}, '10 letters and digits, as printed on the hall ticket, e.g. 18XX1A0501'));
  return form;
}

/** How people write the programmes the report's `degree` names. */
const PROGRAMMES = {btech: 'B.Tech', bpharmacy: 'B.Pharmacy', mtech: 'M.Tech', mpharmacy: 'M.Pharmacy', mba: 'MBA', mca: 'MCA'};

export function programmeName(degree) {
  return PROGRAMMES[degree] ?? degree ?? '';
}

/** An SGPA or CGPA as the API gives it: a number, "FAIL" (not awarded) or null (not computed: no grade points known). */
export function sgpaText(sgpa) {
  if (typeof sgpa === 'number') return twoDecimals(sgpa);
  return sgpa === null || sgpa === undefined ? 'not computed' : 'not awarded';
}

function sgpaKind(sgpa) {
  if (typeof sgpa === 'number') return 'good';
  return sgpa === null || sgpa === undefined ? '' : 'bad';
}

function lastAttemptText(attempt) {
  const name = attempt.exam_name || `Exam ${attempt.exam_code}`;
  return attempt.release_date ? `${name} (${attempt.release_date})` : name;
}

function subjectTable(semesterKey, subjects, caption = `Subjects of ${semesterName(semesterKey)}`) {
  const list = Object.values(subjects);
  // Older releases show no marks (four-column pages): their semesters get no marks columns.
  const marks = list.some((subject) => subject.internal_marks !== '' || subject.external_marks !== '' || subject.total_marks !== '');
  const rows = list.map((subject) => {
    const failed = ['F', 'AB', '-'].includes(subject.grade_earned.toUpperCase());
    return h('tr', {class: failed ? 'failed' : null},
      h('td', {}, subject.subject_code),
      h('th', {scope: 'row'}, subject.subject_name),
      marks ? [h('td', {class: 'num col-marks'}, subject.internal_marks), h('td', {class: 'num col-marks'}, subject.external_marks),
        h('td', {class: 'num col-marks'}, subject.total_marks)] : null,
      h('td', {}, subject.grade_earned, failed ? h('span', {class: 'visually-hidden'}, ' (not passed)') : null),
      h('td', {class: 'num'}, subject.subject_credits));
  });
  return h('div', {class: 'table-wrap'}, h('table', {dataset: {semesterTable: semesterKey}},
    h('caption', {class: 'visually-hidden'}, caption),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Code'), h('th', {scope: 'col'}, 'Subject'),
      marks ? [h('th', {scope: 'col', class: 'num col-marks'}, h('abbr', {title: 'Internal marks'}, 'Int.')),
        h('th', {scope: 'col', class: 'num col-marks'}, h('abbr', {title: 'External marks'}, 'Ext.')),
        h('th', {scope: 'col', class: 'num col-marks'}, 'Total')] : null,
      h('th', {scope: 'col'}, 'Grade'), h('th', {scope: 'col', class: 'num'}, 'Credits'))),
    h('tbody', {}, rows)));
}

function backlogSection(overall) {
  if (overall.backlogs.length === 0) {
    return h('section', {class: 'panel', 'aria-labelledby': 'backlogs-title'},
      h('h2', {id: 'backlogs-title'}, 'Open backlogs'), h('p', {}, 'None: every subject taken so far is passed.'));
  }
  return h('section', {class: 'panel', 'aria-labelledby': 'backlogs-title'},
    h('h2', {id: 'backlogs-title'}, `Open backlogs (${overall.open_backlogs})`),
    h('div', {class: 'table-wrap'}, h('table', {id: 'backlogs'},
      h('caption', {class: 'visually-hidden'}, 'Subjects still to be passed'),
      h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, 'Subject'), h('th', {scope: 'col'}, 'Grade'),
        h('th', {scope: 'col'}, 'Last attempt'))),
      h('tbody', {}, overall.backlogs.map((backlog) => h('tr', {},
        h('th', {scope: 'row'}, h('span', {dataset: {field: 'code'}}, backlog.subject_code), ' ', backlog.subject_name,
          h('span', {class: 'hint'}, `Semester ${backlog.semester}`)),
        h('td', {}, backlog.grade_earned),
        h('td', {}, lastAttemptText(backlog.last_attempt))))))));
}

function sgpaChart(report) {
  const semesters = report.semesters;
  const description = semesters.map((s) => `${s.semester}: ${sgpaText(s.sgpa)}`).join(', ');
  const canvas = h('canvas', {id: 'sgpa-chart', role: 'img', 'aria-label': `SGPA by semester. ${description}.`},
    `SGPA by semester: ${description}.`);
  const notAwarded = semesters.filter((s) => s.sgpa === 'FAIL').map((s) => s.semester);
  const notComputed = semesters.filter((s) => s.sgpa === null).map((s) => s.semester);
  const notes = [];
  if (notAwarded.length > 0) notes.push(`No bar for ${notAwarded.join(', ')}: the SGPA is not awarded while a subject is not passed.`);
  if (notComputed.length > 0) notes.push(`No bar for ${notComputed.join(', ')}: the SGPA is not computed, as no grade points are known.`);
  const panel = h('section', {class: 'panel chart-panel', 'aria-labelledby': 'sgpa-chart-title'},
    h('h2', {id: 'sgpa-chart-title'}, 'SGPA by semester'),
    h('div', {class: 'chart'}, canvas),
    h('p', {class: 'footnote'}, notes.length === 0 ? 'Every semester\'s SGPA is awarded.' : notes.join(' ')),
    h('p', {}, h('a', {href: `/compare?${new URLSearchParams({hallticket: report.details.HTNO})}`, 'data-nav': true},
      'Compare with another student')));
  return {panel, draw: () => barChart(canvas, {
    labels: semesters.map((s) => s.semester),
    values: semesters.map((s) => (typeof s.sgpa === 'number' ? s.sgpa : null)),
    max: 10, label: 'SGPA',
  })};
}

/** A note under a figure that is null, saying why (the API's `<key>_note`), or null. */
function noteOf(note, field) {
  return note ? h('p', {class: 'hint', dataset: {note: field}}, note) : null;
}

/** The student's minor-degree pages (`special_programmes`): outside the semesters, the SGPA chart and the CGPA. */
function specialProgrammesSection(pages) {
  if (!pages || pages.length === 0) return null;
  return h('section', {class: 'panel', 'aria-labelledby': 'minor-degree-title', dataset: {specialProgrammes: ''}},
    h('h2', {id: 'minor-degree-title'}, 'Minor degree'),
    h('p', {class: 'meta'}, 'A minor degree\'s results stand apart: they are not part of the semesters, their SGPA or the CGPA.'),
    pages.map((page, index) => {
      const id = `minor-degree-${index}`;
      return h('section', {class: 'semester', 'aria-labelledby': id, dataset: {specialProgramme: page.release.exam_code}},
        h('h3', {id}, lastAttemptText(page.release),
          h('span', {class: `badge ${sgpaKind(page.sgpa)}`}, 'SGPA ', h('span', {dataset: {field: 'sgpa'}}, sgpaText(page.sgpa)))),
        noteOf(page.sgpa_note, 'sgpa'),
        subjectTable(`minor-${page.release.exam_code}`, page.subjects, `Subjects of ${page.release.exam_name || `exam ${page.release.exam_code}`}`));
    }));
}

/** Draws the answers of /report and /all (each {body, cache, age}) into `main`. */
function render(main, reportAnswer, transcriptAnswer, navigate, signal) {
  const report = reportAnswer.body;
  const transcript = transcriptAnswer.body;
  const details = report.details;
  const overall = report.overall;
  const bySemester = new Map(report.semesters.map((semester) => [semester.semester, semester]));
  document.title = `${details.NAME} (${details.HTNO}) — JNTUH results`;
  const programme = programmeName(report.degree ?? 'btech');
  // Where the university's figure is not known (null) the page says so instead of drawing a bar towards a guess.
  const required = overall.credits_required;
  const creditsProgress = required === null ? null : h('progress', {max: String(required), value: String(Math.min(overall.credits_earned, required)),
    'aria-label': `Credits earned: ${credits(overall.credits_earned)} of ${required}`});
  const creditsTile = tile('Credits earned', required === null ? credits(overall.credits_earned) : `${credits(overall.credits_earned)} / ${required}`,
    {field: 'credits', extra: creditsProgress,
      sub: required === null ? 'needed for the degree: not known'
        : report.lateral_entry ? `lateral entry: ${required} needed` : `${required} needed for the degree`});
  const hasPercentage = typeof overall.percentage === 'number';
  const percentageTile = hasPercentage
    ? tile('Percentage', `${twoDecimals(overall.percentage)} %`, {field: 'percentage', sub: '(CGPA − 0.5) × 10 *'})
    : tile('Percentage', 'not given', {field: 'percentage', sub: overall.percentage_rule});
  const chart = sgpaChart(report);
  const semesters = transcript.data.results.map((element) => {
    const key = Object.keys(element).find((name) => /^\d-\d$/.test(name)); // beside SGPA and SGPA_note
    const semester = bySemester.get(key);
    const registered = semester.credits_registered === null ? 'not known while a subject is failed'
      : credits(semester.credits_registered);
    return h('section', {class: 'panel semester', 'aria-labelledby': `semester-${key}`, dataset: {semester: key}},
      h('h3', {id: `semester-${key}`}, `Semester ${key}`,
        h('span', {class: `badge ${sgpaKind(semester.sgpa)}`},
          'SGPA ', h('span', {dataset: {field: 'sgpa'}}, sgpaText(semester.sgpa)))),
      noteOf(semester.sgpa_note, 'sgpa'),
      h('p', {class: 'meta'}, `${semesterName(key)} · credits earned ${credits(semester.credits_earned)} · registered ${registered}`),
      subjectTable(key, element[key]));
  });
  fill(main,
    h('p', {class: 'print-only'}, `Statement of results — not an official memorandum. Printed ${new Date().toLocaleDateString('en-IN', {day: '2-digit', month: 'short', year: 'numeric'})}.`),
    h('div', {class: 'no-print'}, hallTicketForm(navigate, details.HTNO)),
    h('div', {class: 'student-head'},
      h('div', {},
        h('h1', {tabindex: '-1'}, details.NAME),
        h('ul', {class: 'facts'},
          h('li', {}, 'Hall ticket ', h('b', {dataset: {field: 'hallticket'}}, details.HTNO)),
          h('li', {}, 'Father ', h('b', {}, details['FATHER NAME'])),
          h('li', {}, 'College ', h('b', {}, details['COLLEGE CODE'])),
          h('li', {}, h('b', {dataset: {field: 'programme'}}, `${report.regulation} ${programme}`), report.lateral_entry ? ', lateral entry' : ''))),
      h('div', {class: 'actions no-print'},
        // The service's transcript PDF of the same report: every semester's subjects, the figures, marked unofficial.
        h('a', {class: 'button secondary', href: `/report/${encodeURIComponent(details.HTNO)}.pdf`,
          download: `transcript-${details.HTNO}.pdf`, dataset: {download: 'pdf'}}, 'Download PDF'),
        h('button', {type: 'button', class: 'secondary', onclick: () => window.print()}, 'Print memo'))),
    notifyControl(details.HTNO),
    staleNotice(reportAnswer, transcriptAnswer),
    h('section', {class: 'tiles', 'aria-label': 'Overall figures'},
      tile('CGPA', sgpaText(overall.cgpa), {field: 'cgpa', sub: overall.cgpa === null ? overall.cgpa_note : null}),
      percentageTile,
      creditsTile,
      tile('Open backlogs', String(overall.open_backlogs), {field: 'backlogs', kind: overall.open_backlogs > 0 ? 'bad' : 'good'})),
    chart.panel,
    promotionSection(report),
    backlogSection(overall),
    calculatorSection(report, details.HTNO, signal),
    h('h2', {}, 'Semesters'),
    h('div', {class: 'semesters'}, semesters),
    specialProgrammesSection(report.special_programmes),
    h('p', {class: 'footnote'}, hasPercentage ? '* The percentage is the commonly used conversion (CGPA − 0.5) × 10, not an official figure of the university. ' : null,
      'SGPA and CGPA use the grade points each result page prints in its legend, else the programme\'s known scale; where neither is known they are not computed. The CGPA counts passed subjects only.'));
  if (chartsAvailable()) chart.draw();
}

/**
 * Draws the student page for `hallTicket` into `main`. Once it shows the student's results (or that there are none
 * yet), the page listens for new ones until `signal` aborts: each is announced in a polite banner above the page, and
 * the results are fetched again and drawn.
 */
export async function studentView(main, {hallTicket, signal, navigate}) {
  document.title = `${hallTicket} — JNTUH results`;
  // The banner is a live region that stays in place while the results below are drawn again, so that what is
  // written into it is announced.
  const news = h('div', {class: 'news no-print', role: 'status', dataset: {news: ''}});
  // Says when the service refused the live connection (too many pages open): the page tries again by itself.
  const live = h('p', {class: 'hint no-print', role: 'status', hidden: true, dataset: {live: ''}});
  const onLiveState = (state) => {
    live.dataset.live = state;
    live.hidden = state !== 'paused';
    live.textContent = state === 'paused'
      ? 'Live updates are paused: too many pages are open from your network or on the service just now. This page tries again in about half a minute.'
      : '';
  };
  const content = h('div');
  const form = hallTicketForm(navigate, hallTicket);
  fill(main, news, live, content);
  fill(content, form, h('h1', {tabindex: '-1'}, `Results of ${hallTicket}`),
    h('p', {class: 'loading', role: 'status'}, 'Fetching the results from the university… this can take a few seconds.'));
  const path = encodeURIComponent(hallTicket);
  let latest = 0;
  let watching = false;
  const onResult = (data) => {
    news.className = 'news notice info no-print';
    news.replaceChildren(h('strong', {dataset: {field: 'news'}}, newResultText(data)),
      h('span', {}, 'The results below are updated with it.'));
    load(true);
  };
  async function load(fresh) {
    const attempt = ++latest; // a later load wins over an earlier one still under way
    try {
      const [report, transcript] = await Promise.all([getJson(`/report/${path}`, signal, {fresh}),
        getJson(`/all/${path}`, signal, {fresh})]);
      if (attempt !== latest) return;
      render(content, report, transcript, navigate, signal);
    } catch (error) {
      if (error.name === 'AbortError' || attempt !== latest) return;
      if (fresh) { // the results shown stay; the banner says how to see the new one
        news.lastElementChild.textContent = 'Reload the page to see it.';
        return;
      }
      const notFound = error.status === 404;
      fill(content, form, h('h1', {tabindex: '-1'}, `Results of ${hallTicket}`), errorNotice(error, {
        invalid: `“${hallTicket}” is not a hall ticket number this site can read: it has 10 letters and digits, like 18XX1A0501, with the programme's letter as its sixth character.`,
        notFound: `No results were found for hall ticket ${hallTicket.toUpperCase()}. Check the number: B.Tech, B.Pharmacy, M.Tech, M.Pharmacy, MBA and MCA students are covered from their programme's first served regulation.`,
        notFoundDetail: true,
      }), notFound ? notifyControl(hallTicket.toUpperCase()) : null);
      if (!notFound) return;
    }
    if (!watching) {
      watching = true;
      watchResults(hallTicket.toUpperCase(), signal, onResult, onLiveState);
    }
  }
  await load(false);
}
