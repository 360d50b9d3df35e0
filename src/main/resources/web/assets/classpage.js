// The class page: /class?<the bulk parameters>. The exam is picked from the release list (/new/all); the class's
// job is followed through /api/bulk/summary (202 with done/total while it runs), then drawn with the finished
// job's entries from /api/bulk/calculate — the same job, so nothing is fetched twice. /class?view=record&<range> is
// the class's whole record instead (classrecord.js).
import {EXAM_KEYS, errorNotice, getJson, releaseParams} from './api.js';
import {barChart, chartsAvailable, gradeColour, passColour} from './charts.js';
import {recordView} from './classrecord.js';
import {fill, h, notice, sortableTable, tile, twoDecimals} from './ui.js';

const DEFAULT_POLL_SECONDS = 2;

/** The bulk parameters of a URL's query, or null when the range or the exam is missing. */
function bulkParams(search) {
  const query = new URLSearchParams(search);
  const params = {
    hallticket_from: (query.get('hallticket_from') ?? '').trim().toUpperCase(),
    hallticket_to: (query.get('hallticket_to') ?? '').trim().toUpperCase(),
  };
  for (const key of EXAM_KEYS) {
    const value = query.get(key) ?? (key === 'etype' ? query.get('eType') : null);
    if (value !== null && value !== '') params[key] = value;
  }
  return params;
}

export function queryOf(params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, value);
  return query.toString();
}

function sameExam(release, params) {
  const own = releaseParams(release);
  return EXAM_KEYS.every((key) => (own[key] ?? '') === (params[key] ?? ''));
}

function sleep(milliseconds, signal) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('navigated away', 'AbortError'));
    }, {once: true});
  });
}

/**
 * The form: first and last hall ticket and the exam from the release list. Calls submit(params); the whole-record
 * button submits the range alone, with view=record.
 */
function classForm(params, signal, submit) {
  const from = h('input', {id: 'from', name: 'hallticket_from', type: 'text', class: 'hallticket', required: true,
    maxlength: '10', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', value: params.hallticket_from ?? '',
    'aria-describedby': 'range-hint'});
  const to = h('input', {id: 'to', name: 'hallticket_to', type: 'text', class: 'hallticket', required: true,
    maxlength: '10', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', value: params.hallticket_to ?? '',
    'aria-describedby': 'range-hint'});
  const exam = h('select', {id: 'exam', name: 'exam', required: true, 'aria-describedby': 'exam-hint'},
    h('option', {value: ''}, 'Loading the exam list…'));
  const filter = h('input', {id: 'exam-filter', type: 'search', autocomplete: 'off', placeholder: 'e.g. II Year I Semester R18'});
  const examHint = h('span', {id: 'exam-hint', class: 'hint'}, 'From the university\'s list of result releases, newest first.');
  const problem = h('div', {'aria-live': 'polite'});
  let releases = [];

  function fillOptions() {
    const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const selected = exam.value;
    const groups = new Map();
    releases.forEach((release, index) => {
      const text = `${release.exam_name} — ${release.release_date || 'date unknown'}`;
      if (!words.every((word) => text.toLowerCase().includes(word)) && String(index) !== selected) return;
      if (!groups.has(release.group)) groups.set(release.group, h('optgroup', {label: release.group}));
      groups.get(release.group).append(h('option', {value: String(index), selected: String(index) === selected}, text));
    });
    fill(exam, h('option', {value: ''}, groups.size ? 'Choose an exam…' : 'No exam matches the filter'), ...groups.values());
    exam.value = selected;
  }

  getJson('/new/all', signal).then((answer) => {
    const list = answer.body;
    releases = [...list.regular.map((r) => ({...r, group: 'Regular'})), ...list.supply.map((r) => ({...r, group: 'Supplementary'}))];
    let index = releases.findIndex((release) => sameExam(release, params));
    if (index < 0 && params.examCode) {
      releases.unshift({...Object.fromEntries(EXAM_KEYS.map((key) => [key, params[key]])), exam_name: `Exam code ${params.examCode} (from the link)`,
        release_date: '', group: 'From the link'});
      index = 0;
    }
    exam.value = '';
    fillOptions();
    if (index >= 0) exam.value = String(index);
  }).catch((error) => {
    if (error.name === 'AbortError') return;
    if (params.examCode) {
      releases = [{...Object.fromEntries(EXAM_KEYS.map((key) => [key, params[key]])), exam_name: `Exam code ${params.examCode} (from the link)`,
        release_date: '', group: 'From the link'}];
      fillOptions();
      exam.value = '0';
    }
    fill(problem, errorNotice(error));
  });

  filter.addEventListener('input', fillOptions);
  return h('form', {class: 'panel stack no-print', id: 'class-form', 'aria-label': 'Choose a class and an exam', onsubmit: (event) => {
    event.preventDefault();
    const first = from.value.trim().toUpperCase();
    const last = to.value.trim().toUpperCase();
    const wholeRecord = event.submitter?.value === 'record';
    const release = releases[Number(exam.value)];
    if (first.slice(0, 8) !== last.slice(0, 8) || first.length !== 10 || last.length !== 10) {
      fill(problem, notice('error', 'Check the hall tickets.',
        'Both have 10 letters and digits and share the first 8 (the same college and branch).'));
      from.focus();
      return;
    }
    if (!release && !wholeRecord) {
      fill(problem, notice('error', 'Choose an exam from the list.', null));
      exam.focus();
      return;
    }
    fill(problem);
    submit(wholeRecord ? {view: 'record', hallticket_from: first, hallticket_to: last}
      : {hallticket_from: first, hallticket_to: last, ...releaseParams(release)});
  }},
  h('div', {class: 'fields'},
    h('div', {}, h('label', {for: 'from'}, 'First hall ticket'), from),
    h('div', {}, h('label', {for: 'to'}, 'Last hall ticket'), to)),
  h('span', {id: 'range-hint', class: 'hint'}, 'The class is every hall ticket from the first to the last (at most 360).'),
  h('div', {class: 'fields'},
    h('div', {}, h('label', {for: 'exam-filter'}, 'Filter the exam list'), filter),
    h('div', {}, h('label', {for: 'exam'}, 'Exam'), exam)),
  examHint,
  problem,
  h('div', {class: 'actions'}, h('button', {type: 'submit', value: 'exam'}, 'Show class results'),
    h('button', {type: 'submit', value: 'record', class: 'secondary', id: 'whole-record', formnovalidate: true}, 'Whole record (every semester)')));
}

export function progressBlock() {
  const bar = h('progress', {id: 'class-progress', max: '1', value: '0', 'aria-labelledby': 'class-progress-label'});
  const text = h('span', {dataset: {field: 'progress'}}, 'Starting…');
  const block = h('section', {class: 'panel', 'aria-labelledby': 'class-progress-label', 'aria-busy': 'true'},
    h('h2', {id: 'class-progress-label'}, 'Fetching the class\'s results from the university'),
    bar, h('p', {role: 'status'}, text));
  return {
    block,
    show(done, total) {
      bar.max = total;
      bar.value = done;
      text.textContent = `${done} of ${total} hall tickets`;
    },
    /** All fetched: `total` of `total` (or just "done" when the job had finished before this page asked). */
    complete(total) {
      bar.max = Math.max(total, 1);
      bar.value = bar.max;
      text.textContent = total > 0 ? `${total} of ${total} hall tickets` : 'Done';
    },
    finish() {
      block.setAttribute('aria-busy', 'false');
    },
  };
}

export function chartPanel(id, title, {labels, titles, values, colours, max, horizontal, label, suffix, tall}, dataTable) {
  const canvas = h('canvas', {id, role: 'img', 'aria-label': `${title}: ${labels.map((l, i) => `${l} ${values[i]}${suffix ?? ''}`).join(', ')}`});
  const panel = h('section', {class: 'panel chart-panel', 'aria-labelledby': `${id}-title`},
    h('h3', {id: `${id}-title`}, title),
    h('div', {class: tall ? 'chart tall' : 'chart'}, canvas),
    h('details', {}, h('summary', {}, 'The numbers'), dataTable));
  return {panel, draw: () => barChart(canvas, {labels, titles, values, colours, max, horizontal, label, suffix})};
}

export function smallTable(headings, rows) {
  return h('div', {class: 'table-wrap'}, h('table', {},
    h('thead', {}, h('tr', {}, headings.map((heading, i) => h('th', {scope: 'col', class: i > 0 ? 'num' : null}, heading)))),
    h('tbody', {}, rows.map((row) => h('tr', {}, row.map((cell, i) => (i === 0 ? h('th', {scope: 'row'}, cell) : h('td', {class: 'num'}, cell))))))));
}

function gradesText(grades) {
  return Object.entries(grades).map(([grade, count]) => `${grade} ${count}`).join(' · ');
}

function renderSummary(container, params, summary, entries, missing) {
  const grades = Object.entries(summary.grade_distribution);
  const bands = summary.sgpa_distribution.map((band) => ({label: band.from === 0 ? `< ${band.to}` : `${band.from}–${band.to}`, count: band.students}));
  const charts = [
    chartPanel('grade-chart', 'Grade distribution (all subjects)', {
      labels: grades.map(([grade]) => grade), values: grades.map(([, count]) => count),
      colours: grades.map(([grade]) => gradeColour(grade)), label: 'Results',
    }, smallTable(['Grade', 'Results'], grades)),
    chartPanel('pass-chart', 'Pass rate by subject', {
      labels: summary.subjects.map((s) => s.subject_code), titles: summary.subjects.map((s) => s.subject_name),
      values: summary.subjects.map((s) => s.pass_percentage), colours: summary.subjects.map((s) => passColour(s.pass_percentage)),
      max: 100, horizontal: true, label: 'Passed', suffix: ' %', tall: true,
    }, smallTable(['Subject', 'Pass %'], summary.subjects.map((s) => [`${s.subject_code} ${s.subject_name}`, twoDecimals(s.pass_percentage)]))),
    chartPanel('sgpa-distribution-chart', 'SGPA of the students who passed all', {
      labels: bands.map((band) => band.label), values: bands.map((band) => band.count), label: 'Students',
    }, smallTable(['SGPA', 'Students'], bands.map((band) => [band.label, band.count]))),
  ];
  const failedCount = (subjects) => subjects.filter((s) => ['F', 'AB', '-'].includes(s.grade_earned.toUpperCase())).length;
  fill(container,
    h('h2', {id: 'summary-title', tabindex: '-1'}, summary.exam_name || 'Class summary'),
    h('p', {class: 'lead'}, `Hall tickets ${params.hallticket_from} to ${params.hallticket_to}`),
    missing > 0 ? notice('warning', `${missing} hall tickets could not be fetched: the university did not answer for them.`,
      'Ask again in a minute to retry them.', {dataset: {notice: 'missing'}}) : null,
    summary.students === 0 ? notice('info', 'Nobody in this range has a result in this exam.', null) : null,
    h('section', {class: 'tiles', 'aria-label': 'Class figures', id: 'class-figures'},
      tile('Students with results', String(summary.students), {field: 'students'}),
      tile('Passed all', String(summary.passed_all), {field: 'passed_all', kind: 'good'}),
      tile('Failed some', String(summary.failed_some), {field: 'failed_some', kind: summary.failed_some > 0 ? 'bad' : ''}),
      tile('Pass percentage', `${twoDecimals(summary.pass_percentage)} %`, {field: 'pass_percentage'}),
      tile('Average SGPA', twoDecimals(summary.sgpa_average), {field: 'sgpa_average', sub: 'of those who passed all'})),
    h('div', {class: 'charts'}, charts.map((chart) => chart.panel)),
    h('h2', {}, 'Top ten by SGPA'),
    summary.top_ten.length === 0 ? h('p', {}, 'Nobody passed every subject, so no SGPA is awarded.') :
      sortableTable({id: 'top-ten', caption: 'Best SGPAs; students with the same SGPA share a rank', rows: summary.top_ten, columns: [
        {key: 'rank', label: 'Rank', numeric: true, value: (r) => r.rank},
        {key: 'htno', label: 'Hall ticket', value: (r) => r.details.HTNO,
          cell: (r) => h('a', {href: `/student/${r.details.HTNO}`, 'data-nav': true}, r.details.HTNO)},
        {key: 'name', label: 'Name', value: (r) => r.details.NAME},
        {key: 'sgpa', label: 'SGPA', numeric: true, value: (r) => r.sgpa, cell: (r) => twoDecimals(r.sgpa)},
      ]}),
    h('h2', {}, 'Subjects'),
    sortableTable({id: 'subjects', caption: 'Per subject: appeared excludes the absent; pass % is passed of appeared. Sort by any column.', rows: summary.subjects, columns: [
      {key: 'code', label: 'Code', value: (s) => s.subject_code},
      {key: 'name', label: 'Subject', value: (s) => s.subject_name},
      {key: 'appeared', label: 'Appeared', numeric: true, value: (s) => s.appeared},
      {key: 'passed', label: 'Passed', numeric: true, value: (s) => s.passed},
      {key: 'pass', label: 'Pass %', numeric: true, value: (s) => s.pass_percentage, cell: (s) => twoDecimals(s.pass_percentage)},
      {key: 'grades', label: 'Grades', value: (s) => gradesText(s.grades), className: 'col-marks'},
    ]}),
    h('h2', {}, 'Students'),
    sortableTable({id: 'students', caption: 'Every student with a result, in roll order. Sort by any column.', rows: entries,
      rowClass: (entry) => (entry[0].SGPA === 'FAIL' ? 'failed' : null), columns: [
        {key: 'htno', label: 'Hall ticket', value: (e) => e[1].HTNO, cell: (e) => h('a', {href: `/student/${e[1].HTNO}`, 'data-nav': true}, e[1].HTNO)},
        {key: 'name', label: 'Name', value: (e) => e[1].NAME},
        {key: 'sgpa', label: 'SGPA', numeric: true, value: (e) => (typeof e[0].SGPA === 'number' ? e[0].SGPA : null),
          cell: (e) => (typeof e[0].SGPA === 'number' ? twoDecimals(e[0].SGPA) : e[0].SGPA === null ? 'not computed' : 'not awarded')},
        {key: 'failed', label: 'Subjects failed', numeric: true, value: (e) => failedCount(e[2])},
      ]}));
  if (chartsAvailable()) charts.forEach((chart) => chart.draw());
}

/** Asks `path` until its job has finished, showing done/total on `progress`; the finished answer. */
export async function followJob(path, progress, signal) {
  let answer = await getJson(path, signal);
  let total = 0; // hall tickets in the range, as the running job reports them
  while (answer.status === 202) {
    total = answer.body.total;
    progress.show(answer.body.done, total);
    await sleep((answer.retryAfter ?? DEFAULT_POLL_SECONDS) * 1000, signal);
    answer = await getJson(path, signal);
  }
  progress.complete(total);
  return answer;
}

/** Follows the job to its end (progress from done/total), then draws the summary. */
async function run(container, params, signal) {
  const query = queryOf(params);
  const progress = progressBlock();
  fill(container, progress.block);
  try {
    const answer = await followJob(`/api/bulk/summary?${query}`, progress, signal);
    let entries = await getJson(`/api/bulk/calculate?${query}`, signal);
    while (entries.status === 202) { // the finished job expired in between: it runs again
      await sleep((entries.retryAfter ?? DEFAULT_POLL_SECONDS) * 1000, signal);
      entries = await getJson(`/api/bulk/calculate?${query}`, signal);
    }
    progress.finish();
    renderSummary(container, params, answer.body, entries.body, answer.missing ?? 0);
  } catch (error) {
    if (error.name === 'AbortError') return;
    fill(container, errorNotice(error, {
      invalid: 'The class cannot be looked up as asked.',
    }));
  }
}

/** Draws the class page for the URL's query into `main`. */
export function classView(main, {search, signal, navigate}) {
  document.title = 'Class results — JNTUH results';
  const params = bulkParams(search);
  const results = h('div', {id: 'class-results'});
  fill(main,
    h('h1', {tabindex: '-1'}, 'Class results'),
    h('p', {class: 'lead no-print'}, 'Every student of a range of hall tickets in one exam: pass rates, grades, toppers — or the class\'s whole record over every semester.'),
    classForm(params, signal, (chosen) => navigate(`/class?${queryOf(chosen)}`)),
    results);
  const range = {hallticket_from: params.hallticket_from, hallticket_to: params.hallticket_to};
  if (range.hallticket_from && range.hallticket_to && new URLSearchParams(search).get('view') === 'record') {
    recordView(results, range, signal);
  } else if (range.hallticket_from && range.hallticket_to && params.examCode) {
    run(results, params, signal);
  }
}
