// @ts-check
// A small SVG bar chart: p50 and p99 latency per endpoint and data set, on a
// log scale so a 2 ms list and a 2 s render share one picture.

const esc = (/** @type {string} */ s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * rows: [{ label, set, p50, p99 }]; sets are coloured in the order given.
 * @param {{ label: string; set: string; p50: number | null; p99: number | null }[]} rows
 * @param {string[]} sets
 */
export function latencyChart(rows, sets) {
  const colours = ['#2563eb', '#ea580c', '#16a34a', '#9333ea'];
  const labelWidth = 250;
  const plotWidth = 520;
  const barHeight = 9;
  const rowHeight = sets.length * (barHeight * 2 + 4) + 10;
  const labels = [...new Set(rows.map((r) => r.label))];
  const height = 60 + labels.length * rowHeight + 30;
  const max = Math.max(10, ...rows.map((r) => r.p99 ?? 0));
  const decades = Math.ceil(Math.log10(max));
  const x = (/** @type {number} */ ms) => labelWidth + (Math.log10(Math.max(ms, 1)) / decades) * plotWidth;

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + plotWidth + 90}" height="${height}" font-family="system-ui, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="12" y="20" font-size="13" font-weight="600">Latency per endpoint (ms, log scale): solid p50, light p99</text>`,
  ];
  sets.forEach((set, i) => {
    const lx = labelWidth + i * 140;
    parts.push(
      `<rect x="${lx}" y="30" width="12" height="10" fill="${colours[i % colours.length]}"/><text x="${lx + 16}" y="39">${esc(set)}</text>`,
    );
  });
  for (let d = 0; d <= decades; d += 1) {
    const gx = x(10 ** d);
    parts.push(
      `<line x1="${gx}" y1="50" x2="${gx}" y2="${height - 25}" stroke="#e5e7eb"/><text x="${gx}" y="${height - 10}" text-anchor="middle" fill="#6b7280">${10 ** d}</text>`,
    );
  }
  labels.forEach((label, li) => {
    const top = 55 + li * rowHeight;
    parts.push(`<text x="${labelWidth - 8}" y="${top + rowHeight / 2}" text-anchor="end" dominant-baseline="middle">${esc(label)}</text>`);
    sets.forEach((set, si) => {
      const row = rows.find((r) => r.label === label && r.set === set);
      if (!row || row.p50 == null) return;
      const y = top + si * (barHeight * 2 + 4);
      const colour = colours[si % colours.length];
      parts.push(
        `<rect x="${labelWidth}" y="${y}" width="${Math.max(1, x(/** @type {number} */ (row.p99)) - labelWidth)}" height="${barHeight * 2}" fill="${colour}" opacity="0.25"/>`,
        `<rect x="${labelWidth}" y="${y + barHeight / 2}" width="${Math.max(1, x(row.p50) - labelWidth)}" height="${barHeight}" fill="${colour}"/>`,
        `<text x="${x(/** @type {number} */ (row.p99)) + 4}" y="${y + barHeight + 3}" fill="#374151">${row.p50} / ${row.p99}</text>`,
      );
    });
  });
  parts.push('</svg>');
  return parts.join('\n');
}
