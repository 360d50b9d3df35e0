// The student page's promotion standing and its what-if calculator: both read /report/<hallticket>, the calculator
// with ?if=CODE:GRADE,… (backlogs taken as passed) and ?target_cgpa= (the average SGPA still needed).
import {errorNotice, getJson} from './api.js';
import {credits, h, twoDecimals} from './ui.js';

/** The pass grades of each programme's scale the service knows, best first (the API refuses others). */
const PASS_GRADES = {btech: ['O', 'A+', 'A', 'B+', 'B', 'C'], bpharmacy: ['O', 'A', 'B', 'C', 'D']};

const STATUS_TEXT = {'met': 'met', 'short': 'short', 'not yet due': 'not yet due'};

function stepName(into) {
  return into === 'degree' ? 'The degree' : `Into ${into}`;
}

/** "Am I promoted?": one row per step, or the note saying why there is no standing. */
export function promotionSection(report) {
  const title = h('h2', {id: 'promotion-title'}, 'Promotion by credits');
  if (report.promotion === null) {
    return h('section', {class: 'panel no-print', 'aria-labelledby': 'promotion-title', dataset: {promotion: 'unknown'}},
      title, h('p', {class: 'hint'}, report.promotion_note));
  }
  const rows = report.promotion.map((step) => h('tr', {dataset: {step: step.into, status: step.status},
    class: step.status === 'short' ? 'failed' : null},
  h('th', {scope: 'row'}, stepName(step.into)),
  h('td', {class: 'num'}, credits(step.credits_earned)),
  h('td', {class: 'num'}, `${step.credits_required} of ${step.credits_offered}`, step.confirmed ? '' : ' *'),
  h('td', {}, h('span', {dataset: {field: 'status'}}, STATUS_TEXT[step.status] ?? step.status),
    step.status === 'met' ? '' : ` (${credits(step.credits_short)} short)`),
  h('td', {class: 'hint'}, step.rule)));
  const unconfirmed = report.promotion.some((step) => !step.confirmed);
  return h('section', {class: 'panel no-print', 'aria-labelledby': 'promotion-title', dataset: {promotion: 'known'}},
    title,
    h('div', {class: 'table-wrap'}, h('table', {id: 'promotion'},
      h('caption', {class: 'visually-hidden'}, 'Credits earned against each promotion rule'),
      h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, 'Step'), h('th', {scope: 'col', class: 'num'}, 'Credits earned'),
        h('th', {scope: 'col', class: 'num'}, 'Required'), h('th', {scope: 'col'}, 'Standing'), h('th', {scope: 'col'}, 'Rule'))),
      h('tbody', {}, rows))),
    h('p', {class: 'footnote'}, report.promotion_note, unconfirmed ? ' * Only a peer\'s table gives this number.' : ''));
}

function whatIfResult(report) {
  const parts = [];
  if (report.what_if) {
    const whatIf = report.what_if;
    parts.push(h('p', {}, 'With those grades: CGPA ', h('b', {dataset: {field: 'whatif-cgpa'}},
      typeof whatIf.cgpa === 'number' ? twoDecimals(whatIf.cgpa) : 'not computed'),
    `, ${credits(whatIf.credits_earned)} credits earned, ${whatIf.open_backlogs} backlogs left.`),
    h('ul', {}, whatIf.semesters.filter((semester) => semester.changed).map((semester) => h('li', {},
      `Semester ${semester.semester}: SGPA `, h('b', {dataset: {whatifSgpa: semester.semester}},
        typeof semester.sgpa === 'number' ? twoDecimals(semester.sgpa) : 'not awarded')))));
  }
  if (report.target) {
    const target = report.target;
    const text = {
      reachable: `To finish with ${twoDecimals(target.target_cgpa)}: an average SGPA of ${twoDecimals(target.average_sgpa_needed)} over the ${credits(target.credits_to_earn)} credits left.`,
      reached: `Every credit is earned and the CGPA is at least ${twoDecimals(target.target_cgpa)}.`,
      unreachable: `${twoDecimals(target.target_cgpa)} can no longer be reached: the best CGPA still possible is ${twoDecimals(target.best_cgpa_possible)}.`,
    }[target.status];
    parts.push(h('p', {dataset: {field: 'target', status: target.status}}, text));
  }
  return parts;
}

/** The calculator: a grade per backlog and a target CGPA, answered by the service's own figures. */
export function calculatorSection(report, hallTicket, signal) {
  const grades = PASS_GRADES[report.degree];
  if (!grades || report.overall.cgpa === null) return null;
  const output = h('div', {role: 'status', dataset: {whatifResult: ''}});
  const target = h('input', {id: 'target-cgpa', name: 'target_cgpa', type: 'number', min: '0', max: '10', step: '0.01',
    inputmode: 'decimal', placeholder: 'e.g. 8'});
  const selects = report.overall.backlogs.map((backlog) => {
    const id = `grade-${backlog.subject_code}`;
    return {code: backlog.subject_code, field: h('p', {},
      h('label', {for: id}, `${backlog.subject_code} ${backlog.subject_name}`), ' ',
      h('select', {id, dataset: {subject: backlog.subject_code}},
        h('option', {value: ''}, 'not passed'), grades.map((grade) => h('option', {value: grade}, grade))))};
  });
  const form = h('form', {class: 'calculator', onsubmit: async (event) => {
    event.preventDefault();
    const pairs = selects.map(({code, field}) => [code, field.querySelector('select').value])
      .filter(([, grade]) => grade !== '')
      .map(([code, grade]) => `${code}:${encodeURIComponent(grade)}`);
    const query = [];
    if (pairs.length > 0) query.push(`if=${pairs.join(',')}`);
    if (target.value.trim() !== '') query.push(`target_cgpa=${encodeURIComponent(target.value.trim())}`);
    if (query.length === 0) {
      output.replaceChildren(h('p', {class: 'hint'}, 'Choose a grade for a backlog, or give a target CGPA.'));
      return;
    }
    output.replaceChildren(h('p', {class: 'loading'}, 'Working it out…'));
    try {
      const answer = await getJson(`/report/${encodeURIComponent(hallTicket)}?${query.join('&')}`, signal);
      output.replaceChildren(...whatIfResult(answer.body));
    } catch (error) {
      if (error.name === 'AbortError') return;
      output.replaceChildren(errorNotice(error, {invalid: 'That cannot be worked out.'}));
    }
  }},
  selects.length > 0 ? h('fieldset', {}, h('legend', {}, 'If I pass my backlogs with'), selects.map((select) => select.field)) : null,
  h('p', {}, h('label', {for: 'target-cgpa'}, 'Target CGPA at the degree\'s end'), ' ', target),
  h('button', {type: 'submit'}, 'Work it out'));
  return h('section', {class: 'panel no-print', 'aria-labelledby': 'calculator-title', dataset: {calculator: ''}},
    h('h2', {id: 'calculator-title'}, 'What if…'), form, output);
}
