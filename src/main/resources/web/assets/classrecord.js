// The class page's whole-record view: /class?view=record&hallticket_from&hallticket_to. The class job is followed
// through /api/bulk/class (202 with done/total while it runs), then drawn: every student ranked by CGPA (sortable,
// each linking to the student's page), the CGPA and backlog charts, every semester's toppers and subjects, and the
// same record as CSV and XLSX downloads.
import {errorNotice} from './api.js';
import {chartsAvailable, passColour} from './charts.js';
import {chartPanel, followJob, progressBlock, queryOf, smallTable} from './classpage.js';
import {credits, fill, h, notice, sortableTable, tile, twoDecimals} from './ui.js';

const DEGREE_NAMES = {btech: 'B.Tech', bpharmacy: 'B.Pharmacy', mtech: 'M.Tech', mpharmacy: 'M.Pharmacy', mba: 'MBA', mca: 'MCA'};

function promotionText(row) {
  if (row.promotion_status === 'short') return `short for ${row.promotion_short_for}`;
  return row.promotion_status === 'met' ? 'met so far' : 'rules not known';
}

function downloads(query) {
  return h('p', {class: 'actions no-print', id: 'record-downloads'},
    h('a', {class: 'button secondary', href: `/api/bulk/class?${query}&format=csv`, download: ''}, 'Download CSV'),
    ' ',
    h('a', {class: 'button secondary', href: `/api/bulk/class?${query}&format=xlsx`, download: ''}, 'Download XLSX (with the summary)'));
}

function semesterSection(semester) {
  const id = `semester-${semester.semester}`;
  return h('section', {class: 'panel', 'aria-labelledby': `${id}-title`},
    h('h3', {id: `${id}-title`}, `Semester ${semester.semester}`),
    h('p', {}, `${semester.students} students with a result.`),
    semester.top_sgpas.length === 0 ? h('p', {}, 'Nobody passed every subject of this semester yet.') :
      smallTable(['Top SGPAs', 'Rank', 'SGPA'], semester.top_sgpas.map((top) => [`${top.hall_ticket} ${top.name}`, top.rank, twoDecimals(top.sgpa)])),
    sortableTable({id: `${id}-subjects`, caption: `Semester ${semester.semester}: pass rate of each subject over the final grades (supplementary passes included)`,
      rows: semester.subjects, columns: [
        {key: 'code', label: 'Code', value: (s) => s.subject_code},
        {key: 'name', label: 'Subject', value: (s) => s.subject_name},
        {key: 'students', label: 'Students', numeric: true, value: (s) => s.students},
        {key: 'passed', label: 'Passed', numeric: true, value: (s) => s.passed},
        {key: 'pass', label: 'Pass %', numeric: true, value: (s) => s.pass_percentage, cell: (s) => twoDecimals(s.pass_percentage)},
        {key: 'top', label: 'Top grade', value: (s) => s.top_grade ?? '', cell: (s) => s.top_grade ?? '—'},
      ]}));
}

function renderRecord(container, range, record) {
  const query = queryOf(range);
  const bands = record.cgpa_distribution.map((band) => ({label: band.from === 0 ? `< ${band.to}` : `${band.from}–${band.to}`, count: band.students}));
  const backlogs = Object.entries(record.backlog_counts);
  const charts = [
    chartPanel('cgpa-chart', 'CGPA of the class', {
      labels: bands.map((band) => band.label), values: bands.map((band) => band.count), label: 'Students',
    }, smallTable(['CGPA', 'Students'], bands.map((band) => [band.label, band.count]))),
    chartPanel('backlog-chart', 'Students by open backlogs', {
      labels: backlogs.map(([count]) => count), values: backlogs.map(([, students]) => students),
      colours: backlogs.map(([count]) => passColour(count === '0' ? 100 : 0)), label: 'Students',
    }, smallTable(['Open backlogs', 'Students'], backlogs)),
  ];
  const withBacklogs = record.with_result - (record.backlog_counts['0'] ?? 0);
  fill(container,
    h('h2', {id: 'record-title', tabindex: '-1'}, `Whole record: ${DEGREE_NAMES[record.degree] ?? record.degree} ${record.regulation}`),
    h('p', {class: 'lead'}, `Hall tickets ${record.hallticket_from} to ${record.hallticket_to}`),
    record.missing.length > 0 ? notice('warning', `${record.missing.length} hall tickets could not be fetched: the university did not answer for them.`,
      'Ask again in a minute to retry them.', {dataset: {notice: 'missing'}}) : null,
    record.with_result === 0 ? notice('info', 'Nobody in this range has a result yet.', null) : null,
    downloads(query),
    h('section', {class: 'tiles', 'aria-label': 'Class figures', id: 'record-figures'},
      tile('Students with results', String(record.with_result), {field: 'with_result', sub: `${record.no_result.length} hall tickets without a result`}),
      tile('Average CGPA', twoDecimals(record.cgpa_average), {field: 'cgpa_average'}),
      tile('With backlogs', String(withBacklogs), {field: 'with_backlogs', kind: withBacklogs > 0 ? 'bad' : 'good'}),
      tile('Short of credits', String(record.promotion_counts.short), {field: 'short', kind: record.promotion_counts.short > 0 ? 'bad' : 'good',
        sub: 'for a promotion already due'})),
    h('div', {class: 'charts'}, charts.map((chart) => chart.panel)),
    h('h2', {}, 'Students by CGPA'),
    sortableTable({id: 'record-students', caption: 'Ranked by CGPA: equal CGPAs share a rank, in roll order; students without a CGPA last. Sort by any column.',
      rows: record.students, rowClass: (row) => (row.promotion_status === 'short' ? 'failed' : null), columns: [
        {key: 'rank', label: 'Rank', numeric: true, value: (r) => r.rank, cell: (r) => (r.rank === null ? '—' : String(r.rank))},
        {key: 'htno', label: 'Hall ticket', value: (r) => r.hall_ticket,
          cell: (r) => h('a', {href: `/student/${r.hall_ticket}`, 'data-nav': true}, r.hall_ticket)},
        {key: 'name', label: 'Name', value: (r) => r.name},
        {key: 'cgpa', label: 'CGPA', numeric: true, value: (r) => r.cgpa, cell: (r) => (r.cgpa === null ? 'not computed' : twoDecimals(r.cgpa))},
        {key: 'credits', label: 'Credits', numeric: true, value: (r) => r.credits_earned,
          cell: (r) => (r.credits_required === null ? credits(r.credits_earned) : `${credits(r.credits_earned)} / ${r.credits_required}`)},
        {key: 'backlogs', label: 'Backlogs', numeric: true, value: (r) => r.open_backlogs},
        {key: 'promotion', label: 'Promotion', value: (r) => promotionText(r)},
      ]}),
    h('h2', {}, 'Semester by semester'),
    h('div', {class: 'stack'}, record.semesters.map(semesterSection)));
  if (chartsAvailable()) charts.forEach((chart) => chart.draw());
}

/** Follows the class job of `range` to its end, then draws the record into `container`. */
export async function recordView(container, range, signal) {
  const progress = progressBlock();
  fill(container, progress.block);
  try {
    const answer = await followJob(`/api/bulk/class?${queryOf(range)}`, progress, signal);
    progress.finish();
    renderRecord(container, range, answer.body);
  } catch (error) {
    if (error.name === 'AbortError') return;
    fill(container, errorNotice(error, {invalid: 'The class record cannot be looked up as asked.'}));
  }
}
