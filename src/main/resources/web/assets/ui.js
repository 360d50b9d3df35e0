// Small DOM helpers. Text from the API is only ever set as text (never as HTML), so it cannot inject markup.

/** An element: h('p', {class: 'x'}, 'text', child). Attributes false/null are left out; on* are listeners. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') element.className = value;
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/** Replaces the children of `target`, leaving out null, undefined and false (replaceChildren would write "null"). */
export function fill(target, ...children) {
  target.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
}

/** A number with exactly two decimals ("8.00"), as SGPA and percentages are shown. */
export function twoDecimals(value) {
  return Number(value).toFixed(2);
}

/** Credits as people write them: 20, 21.5. */
export function credits(value) {
  return Number(value).toLocaleString('en-IN', {maximumFractionDigits: 2});
}

/** "2-1" → "Year 2, semester 1". */
export function semesterName(key) {
  const [year, half] = key.split('-');
  return `Year ${year}, semester ${half}`;
}

/** How long ago, for a human: "less than a minute ago", "12 minutes ago", "3 hours ago", "2 days ago". */
export function agoText(seconds) {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 120) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** "in 30 seconds", "in 2 minutes" — for Retry-After. */
export function waitText(seconds) {
  if (!seconds || seconds < 1) return 'in a little while';
  if (seconds < 90) return seconds === 1 ? 'in 1 second' : `in ${seconds} seconds`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/** A notice box; errors are announced at once (role=alert), other notices politely. */
export function notice(kind, title, text, attributes = {}) {
  return h('div', {class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status', ...attributes},
    title ? h('strong', {}, title) : null, text ? h('span', {}, text) : null);
}

/** A labelled figure tile. */
export function tile(label, value, {sub = null, kind = '', field = null, extra = null} = {}) {
  return h('div', {class: `tile ${kind}`},
    h('span', {class: 'label'}, label),
    h('span', {class: 'value', dataset: field ? {field} : undefined}, value),
    sub ? h('span', {class: 'sub'}, sub) : null,
    extra);
}

/**
 * A table whose column headers sort it (click, or Enter/Space on the header's button; aria-sort tells screen
 * readers the order). columns: {key, label, numeric?, value(row) → sort value, cell(row) → node or text,
 * className?}. Rows start in the order given; empty sort values go last.
 */
export function sortableTable({caption, columns, rows, id, rowClass = () => null}) {
  const tbody = h('tbody');
  const headers = columns.map((column) => {
    const th = h('th', {scope: 'col', class: [column.numeric ? 'num' : '', column.className ?? ''].join(' ').trim() || null,
      'aria-sort': 'none'});
    th.append(h('button', {type: 'button', class: 'sort', onclick: () => sortBy(column, th)},
      column.label, h('span', {class: 'arrow', 'aria-hidden': 'true'})));
    return th;
  });
  let current = rows.slice();
  function draw() {
    tbody.replaceChildren(...current.map((row) => h('tr', {class: rowClass(row)},
      columns.map((column, index) => {
        const content = column.cell ? column.cell(row) : column.value(row);
        const classes = [column.numeric ? 'num' : '', column.className ?? ''].join(' ').trim() || null;
        return index === 0 ? h('th', {scope: 'row', class: classes}, content) : h('td', {class: classes}, content);
      }))));
  }
  function sortBy(column, th) {
    const ascending = th.getAttribute('aria-sort') !== 'ascending';
    headers.forEach((other) => other.setAttribute('aria-sort', 'none'));
    th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    current = rows.slice().sort((a, b) => {
      const x = column.value(a);
      const y = column.value(b);
      const missingX = x === null || x === undefined || x === '';
      const missingY = y === null || y === undefined || y === '';
      if (missingX || missingY) return missingX === missingY ? 0 : missingX ? 1 : -1;
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return ascending ? order : -order;
    });
    draw();
  }
  draw();
  const table = h('table', {id},
    caption ? h('caption', {}, caption) : null,
    h('thead', {}, h('tr', {}, headers)),
    tbody);
  return h('div', {class: 'table-wrap'}, table);
}
