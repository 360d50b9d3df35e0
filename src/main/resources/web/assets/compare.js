// The comparison page: /compare?hallticket=…&other_hallticket=…, from /compare/<hallticket>/<other_hallticket>. Two
// students side by side: their SGPAs semester by semester (chart and table), CGPA, credits and backlogs, and the
// subjects both have with both grades. Each student's programme is read from their own hall ticket by the service.
import {errorNotice, getJson, staleNotice} from './api.js';
import {chartsAvailable, pairedBarChart} from './charts.js';
import {programmeName, sgpaText} from './student.js';
import {credits, fill, h} from './ui.js';

const FAILS = ['F', 'AB', '-'];

function hallTicketInput(id, name, value) {
  return h('input', {id, name, type: 'text', class: 'hallticket', value, required: true, maxlength: '10',
    autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', 'aria-describedby': 'compare-hint'});
}

/** The two hall ticket inputs; submitting shows the comparison's own URL. */
function compareForm(first, second, navigate) {
  const inputs = [hallTicketInput('compare-first', 'hallticket', first),
    hallTicketInput('compare-second', 'other_hallticket', second)];
  const form = h('form', {class: 'panel stack', id: 'compare-form', 'aria-label': 'Choose two students to compare',
    onsubmit: (event) => {
      event.preventDefault();
      const [hallticket, other] = inputs.map((input) => input.value.trim().toUpperCase());
      navigate(`/compare?${new URLSearchParams({hallticket, other_hallticket: other})}`);
    }},
  h('div', {class: 'fields'},
    h('div', {}, h('label', {for: 'compare-first'}, 'First hall ticket'), inputs[0]),
    h('div', {}, h('label', {for: 'compare-second'}, 'Second hall ticket'), inputs[1]),
    h('div', {}, h('button', {type: 'submit'}, 'Compare'))),
  h('span', {id: 'compare-hint', class: 'hint'}, 'Two hall tickets of 10 letters and digits, e.g. 18XX1A0501, of any programmes.'));
  return {form, inputs};
}

/** Which input a 400 or 404 of /compare is about: its message names the parameter. */
function inputIndexOf(error) {
  if (/'other_hallticket'/.test(error.detail ?? '')) return 1;
  return /'hallticket'/.test(error.detail ?? '') ? 0 : -1;
}

function failed(grade) {
  return FAILS.includes(grade.toUpperCase());
}

/** A student's name as a column heading: the name, with the hall ticket under it. */
function heading(student) {
  return [student.details.NAME, h('span', {class: 'hint'}, student.details.HTNO)];
}

function studentCard(student, index) {
  const details = student.details;
  return h('section', {class: 'panel', 'aria-labelledby': `compared-${index}`, dataset: {student: String(index)}},
    h('h2', {id: `compared-${index}`}, details.NAME),
    h('ul', {class: 'facts'},
      h('li', {}, 'Hall ticket ', h('b', {dataset: {field: 'hallticket'}}, details.HTNO)),
      h('li', {}, h('b', {dataset: {field: 'programme'}}, `${student.regulation} ${programmeName(student.degree)}`),
        student.lateral_entry ? ', lateral entry' : ''),
      h('li', {}, 'College ', h('b', {}, details['COLLEGE CODE']))),
    h('p', {}, h('a', {href: `/student/${encodeURIComponent(details.HTNO)}`, 'data-nav': true}, `All results of ${details.NAME}`)));
}

/** One row of a two-column table: a heading cell and both students' cells. */
function pairRow(label, values, field) {
  return h('tr', {dataset: {row: field}},
    h('th', {scope: 'row'}, label),
    values.map((value, index) => h('td', {class: 'num', dataset: {field, student: String(index)}}, value)));
}

function pairTable(id, caption, students, firstColumn, rows) {
  return h('div', {class: 'table-wrap'}, h('table', {id},
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, firstColumn),
      students.map((student) => h('th', {scope: 'col', class: 'num'}, heading(student))))),
    h('tbody', {}, rows)));
}

function sgpaSection(comparison) {
  const {students, semesters} = comparison;
  const description = semesters.map((s) => `${s.semester}: ${sgpaIn(s, 0)} and ${sgpaIn(s, 1)}`).join('; ');
  const canvas = h('canvas', {id: 'compare-chart', role: 'img',
    'aria-label': `SGPA by semester, ${students[0].details.NAME} and ${students[1].details.NAME}. ${description}.`},
  `SGPA by semester: ${description}.`);
  const panel = h('section', {class: 'panel chart-panel', 'aria-labelledby': 'compare-sgpa-title'},
    h('h2', {id: 'compare-sgpa-title'}, 'SGPA by semester'),
    h('div', {class: 'chart'}, canvas),
    pairTable('compare-sgpa', 'SGPA of each semester either student has', students, 'Semester',
      semesters.map((semester) => pairRow(semester.semester, [sgpaIn(semester, 0), sgpaIn(semester, 1)], `sgpa-${semester.semester}`))),
    h('p', {class: 'footnote'}, 'No bar where the SGPA is not awarded (a subject not passed), not computed (no grade points known) or the student has no result of the semester.'));
  return {panel, draw: () => pairedBarChart(canvas, {
    labels: semesters.map((s) => s.semester),
    series: students.map((student, index) => ({label: `${student.details.NAME} (${student.details.HTNO})`,
      values: semesters.map((s) => (typeof s.sgpa[index] === 'number' ? s.sgpa[index] : null))})),
    max: 10,
  })};
}

/**
 * The SGPA of the `index`th student in one semester of the answer: as the student page writes it, or "no result" when
 * the student has none of that semester (null without a note saying it is not computed).
 */
function sgpaIn(semester, index) {
  const sgpa = semester.sgpa[index];
  return sgpa === null && !semester.sgpa_note?.[index] ? 'no result' : sgpaText(sgpa);
}

function overallSection(comparison) {
  const {students, overall} = comparison;
  return h('section', {class: 'panel', 'aria-labelledby': 'compare-overall-title'},
    h('h2', {id: 'compare-overall-title'}, 'Overall'),
    pairTable('compare-overall', 'CGPA, credits earned and open backlogs', students, 'Figure', [
      pairRow('CGPA', overall.cgpa.map((cgpa) => sgpaText(cgpa)), 'cgpa'),
      pairRow('Credits earned', overall.credits_earned.map((earned) => credits(earned)), 'credits'),
      pairRow('Open backlogs', overall.open_backlogs.map(String), 'backlogs'),
    ]),
    overall.cgpa_note?.map((note, index) => (note ? h('p', {class: 'hint'}, `${students[index].details.NAME}: ${note}`) : null)));
}

function gradeCell(grade) {
  return h('td', {}, grade, failed(grade) ? h('span', {class: 'visually-hidden'}, ' (not passed)') : null);
}

function commonSection(comparison) {
  const {students, common_subjects: common} = comparison;
  const title = h('h2', {id: 'common-title'}, `Subjects both have (${common.length})`);
  if (common.length === 0) {
    return h('section', {class: 'panel', 'aria-labelledby': 'common-title'}, title,
      h('p', {dataset: {common: 'none'}}, 'None: subjects are matched by their code, and different programmes or regulations have different codes.'));
  }
  return h('section', {class: 'panel', 'aria-labelledby': 'common-title'}, title,
    h('div', {class: 'table-wrap'}, h('table', {id: 'common-subjects'},
      h('caption', {class: 'visually-hidden'}, 'Every subject both students have, with both grades'),
      h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, 'Code'), h('th', {scope: 'col'}, 'Subject'),
        h('th', {scope: 'col'}, 'Semester'), students.map((student) => h('th', {scope: 'col'}, heading(student))))),
      h('tbody', {}, common.map((subject) => h('tr', {},
        h('td', {}, subject.subject_code),
        h('th', {scope: 'row'}, subject.subject_name),
        h('td', {}, subject.semester[0] === subject.semester[1] ? subject.semester[0] : subject.semester.join(' / ')),
        subject.grade.map(gradeCell)))))));
}

function render(main, title, form, answer) {
  const comparison = answer.body;
  const [first, second] = comparison.students;
  document.title = `${first.details.NAME} and ${second.details.NAME} — JNTUH results`;
  const chart = sgpaSection(comparison);
  fill(main, title, form,
    staleNotice(answer),
    h('div', {class: 'compared'}, comparison.students.map(studentCard)),
    overallSection(comparison),
    chart.panel,
    commonSection(comparison),
    h('p', {class: 'footnote'}, 'SGPA and CGPA use the grade points each result page prints in its legend, else the programme\'s known scale; the CGPA counts passed subjects only.'));
  if (chartsAvailable()) chart.draw();
}

/** Draws the comparison page for the query `search` into `main`: the form, and the two students once both are named. */
export async function compareView(main, {search, signal, navigate}) {
  const query = new URLSearchParams(search);
  const first = (query.get('hallticket') ?? '').trim().toUpperCase();
  const second = (query.get('other_hallticket') ?? '').trim().toUpperCase();
  document.title = 'Compare two students — JNTUH results';
  const title = h('h1', {tabindex: '-1'}, 'Compare two students');
  const {form, inputs} = compareForm(first, second, navigate);
  if (!first || !second) {
    fill(main, title, h('p', {class: 'lead'}, 'Two students\' SGPAs semester by semester, CGPA, credits and backlogs side by side, and the subjects both have with both grades.'), form);
    return;
  }
  fill(main, title, form, h('p', {class: 'loading', role: 'status'}, 'Fetching both students\' results from the university… this can take a few seconds.'));
  try {
    const answer = await getJson(`/compare/${encodeURIComponent(first)}/${encodeURIComponent(second)}`, signal);
    render(main, title, form, answer);
  } catch (error) {
    if (error.name === 'AbortError') return;
    const index = inputIndexOf(error);
    if (index >= 0) inputs[index].setAttribute('aria-invalid', 'true');
    const which = index === 1 ? 'second' : 'first';
    fill(main, title, form, errorNotice(error, {
      invalid: first === second ? 'These are the same hall ticket twice: enter two students.'
        : `The ${which} hall ticket is not one this site can read: it has 10 letters and digits, like 18XX1A0501, with the programme's letter as its sixth character.`,
      notFound: `No results were found for the ${which} hall ticket, ${index === 1 ? second : first}.`,
      notFoundDetail: true,
    }));
  }
}
