// The student page: /student/<hallticket>, from /report/<hallticket> and /all/<hallticket> (one cached lookup; the regulation is read from the hall ticket).
// While it is shown it listens for the student's new results (/events/student/<hallticket>) and draws itself again.
import {newResultText, notifyControl, watchResults} from './alerts.js';
import {errorNotice, getJson, staleNotice} from './api.js';
import {barChart, chartsAvailable} from './charts.js';
import {credits, fill, h, semesterName, tile, twoDecimals} from './ui.js';

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

function sgpaText(sgpa) {
  return typeof sgpa === 'number' ? twoDecimals(sgpa) : 'not awarded';
}

function lastAttemptText(attempt) {
  const name = attempt.exam_name || `Exam ${attempt.exam_code}`;
  return attempt.release_date ? `${name} (${attempt.release_date})` : name;
}

function subjectTable(semesterKey, subjects) {
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
    h('caption', {class: 'visually-hidden'}, `Subjects of ${semesterName(semesterKey)}`),
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
  const notAwarded = semesters.filter((s) => typeof s.sgpa !== 'number').map((s) => s.semester);
  const panel = h('section', {class: 'panel chart-panel', 'aria-labelledby': 'sgpa-chart-title'},
    h('h2', {id: 'sgpa-chart-title'}, 'SGPA by semester'),
    h('div', {class: 'chart'}, canvas),
    h('p', {class: 'footnote'}, notAwarded.length === 0 ? 'Every semester\'s SGPA is awarded.'
      : `No bar for ${notAwarded.join(', ')}: the SGPA is not awarded while a subject is not passed.`));
  return {panel, draw: () => barChart(canvas, {
    labels: semesters.map((s) => s.semester),
    values: semesters.map((s) => (typeof s.sgpa === 'number' ? s.sgpa : null)),
    max: 10, label: 'SGPA',
  })};
}

/** Draws the answers of /report and /all (each {body, cache, age}) into `main`. */
function render(main, reportAnswer, transcriptAnswer, navigate) {
  const report = reportAnswer.body;
  const transcript = transcriptAnswer.body;
  const details = report.details;
  const overall = report.overall;
  const bySemester = new Map(report.semesters.map((semester) => [semester.semester, semester]));
  document.title = `${details.NAME} (${details.HTNO}) — JNTUH results`;
  const creditsProgress = h('progress', {max: String(overall.credits_required), value: String(Math.min(overall.credits_earned, overall.credits_required)),
    'aria-label': `Credits earned: ${credits(overall.credits_earned)} of ${overall.credits_required}`});
  const chart = sgpaChart(report);
  const semesters = transcript.data.results.map((element) => {
    const key = Object.keys(element).find((name) => name !== 'SGPA');
    const semester = bySemester.get(key);
    const registered = semester.credits_registered === null ? 'not known while a subject is failed'
      : credits(semester.credits_registered);
    return h('section', {class: 'panel semester', 'aria-labelledby': `semester-${key}`, dataset: {semester: key}},
      h('h3', {id: `semester-${key}`}, `Semester ${key}`,
        h('span', {class: `badge ${typeof semester.sgpa === 'number' ? 'good' : 'bad'}`},
          'SGPA ', h('span', {dataset: {field: 'sgpa'}}, sgpaText(semester.sgpa)))),
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
          h('li', {}, h('b', {}, `${report.regulation} B.Tech`), report.lateral_entry ? ', lateral entry' : ''))),
      h('div', {class: 'actions no-print'},
        h('button', {type: 'button', class: 'secondary', onclick: () => window.print()}, 'Print memo'))),
    notifyControl(details.HTNO),
    staleNotice(reportAnswer, transcriptAnswer),
    h('section', {class: 'tiles', 'aria-label': 'Overall figures'},
      tile('CGPA', twoDecimals(overall.cgpa), {field: 'cgpa'}),
      tile('Percentage', `${twoDecimals(overall.percentage)} %`, {field: 'percentage', sub: '(CGPA − 0.5) × 10 *'}),
      tile('Credits earned', `${credits(overall.credits_earned)} / ${overall.credits_required}`,
        {field: 'credits', extra: creditsProgress, sub: report.lateral_entry ? 'lateral entry: 123 needed' : '160 needed for the degree'}),
      tile('Open backlogs', String(overall.open_backlogs), {field: 'backlogs', kind: overall.open_backlogs > 0 ? 'bad' : 'good'})),
    chart.panel,
    backlogSection(overall),
    h('h2', {}, 'Semesters'),
    h('div', {class: 'semesters'}, semesters),
    h('p', {class: 'footnote'}, '* The percentage is the commonly used conversion (CGPA − 0.5) × 10, not an official figure of the university. ',
      'SGPA and CGPA follow the university\'s grade points (O 10, A+ 9, A 8, B+ 7, B 6, C 5, D 5); the CGPA counts passed subjects only.'));
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
  const content = h('div');
  const form = hallTicketForm(navigate, hallTicket);
  fill(main, news, content);
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
      render(content, report, transcript, navigate);
    } catch (error) {
      if (error.name === 'AbortError' || attempt !== latest) return;
      if (fresh) { // the results shown stay; the banner says how to see the new one
        news.lastElementChild.textContent = 'Reload the page to see it.';
        return;
      }
      const notFound = error.status === 404;
      fill(content, form, h('h1', {tabindex: '-1'}, `Results of ${hallTicket}`), errorNotice(error, {
        invalid: `“${hallTicket}” is not a hall ticket number: a hall ticket number has 10 letters and digits, like 18XX1A0501.`,
        notFound: `No B.Tech results were found for hall ticket ${hallTicket.toUpperCase()}. Check the number (R18 and R22 students are covered).`,
      }), notFound ? notifyControl(hallTicket.toUpperCase()) : null);
      if (!notFound) return;
    }
    if (!watching) {
      watching = true;
      watchResults(hallTicket.toUpperCase(), signal, onResult);
    }
  }
  await load(false);
}
