// Charts drawn by Chart.js (served from this service's jar). Without it the page still shows every figure in tables.

const INK = '#111827';
const GRID = '#e5e7eb';
const BRAND = '#1e40af';
const GOOD = '#15803d';
const BAD = '#b91c1c';
/** Grade colours, best to worst; fails in red. Each chart also has its numbers in a table. */
const GRADE_COLOURS = {
  'O': '#14532d', 'A+': '#166534', 'A': '#15803d', 'B+': '#1d4ed8', 'B': '#2563eb', 'C': '#7c3aed', 'D': '#a16207',
  'P': '#0f766e', 'F': '#b91c1c', 'Ab': '#7f1d1d', '-': '#4b5563',
};

export function chartsAvailable() {
  return typeof window.Chart === 'function';
}

function base(horizontal, max) {
  const valueAxis = {beginAtZero: true, max, grid: {color: GRID}, ticks: {color: INK, precision: 0}};
  const categoryAxis = {grid: {display: false}, ticks: {color: INK, autoSkip: false}};
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    indexAxis: horizontal ? 'y' : 'x',
    plugins: {legend: {display: false}},
    scales: horizontal ? {x: valueAxis, y: categoryAxis} : {x: categoryAxis, y: valueAxis},
  };
}

/** A bar chart on `canvas` (`titles`: longer names for the tooltips); returns the Chart, or null without Chart.js. */
export function barChart(canvas, {labels, titles = null, values, colours, max, horizontal = false, label, suffix = ''}) {
  if (!chartsAvailable()) return null;
  const options = base(horizontal, max);
  options.plugins.tooltip = {callbacks: {
    title: (items) => (titles ? `${labels[items[0].dataIndex]} ${titles[items[0].dataIndex]}` : labels[items[0].dataIndex]),
    label: (item) => `${label}: ${item.formattedValue}${suffix}`,
  }};
  return new window.Chart(canvas, {
    type: 'bar',
    data: {labels, datasets: [{label, data: values, backgroundColor: colours ?? BRAND, borderRadius: 3}]},
    options,
  });
}

/** Two students' colours, first and second: the legend and a table name them too. */
const SERIES_COLOURS = [BRAND, '#b45309'];

/**
 * Bars of two series side by side per label (`series`: [{label, values}], a null value draws no bar), with a legend;
 * returns the Chart, or null without Chart.js.
 */
export function pairedBarChart(canvas, {labels, series, max}) {
  if (!chartsAvailable()) return null;
  const options = base(false, max);
  options.plugins.legend = {display: true, labels: {color: INK}};
  return new window.Chart(canvas, {
    type: 'bar',
    data: {labels, datasets: series.map((one, index) => ({label: one.label, data: one.values,
      backgroundColor: SERIES_COLOURS[index], borderRadius: 3}))},
    options,
  });
}

export function gradeColour(grade) {
  return GRADE_COLOURS[grade] ?? BRAND;
}

export function passColour(percentage) {
  return percentage >= 50 ? GOOD : BAD;
}
