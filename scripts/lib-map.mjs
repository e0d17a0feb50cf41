// @ts-check
// The picture of lib/ in docs/architecture.md#the-rooms-of-lib, drawn from the import graph: `node scripts/lib-map.mjs`
// prints a Mermaid flowchart. The root is one box naming its modules; each domain folder (DOMAIN_FOLDERS in
// .dependency-cruiser.mjs) a box naming its modules, the domains together one group; lib's layers (data, validation,
// client, og, cache) a box each. An arrow joins two boxes, or a box and the domains' group, when a module of one imports
// a module of the other, labelled with how many such imports there are. Tests are left out: they import what they
// check and say nothing about the rooms.
import { execFileSync } from 'node:child_process';
import { DOMAIN_FOLDERS } from '../.dependency-cruiser.mjs';

/** @type {{ modules: { source: string; dependencies: { resolved: string }[] }[] }} */
const graph = JSON.parse(
  execFileSync('npx', ['depcruise', '--config', '.dependency-cruiser.mjs', 'lib', '--include-only', '^lib/', '--output-type', 'json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }),
);

const isTest = (/** @type {string} */ file) => /\.test\.tsx?$/.test(file);
/** The box a module sits in: `lib` for the root, else its folder under lib/ (lib/data whole). */
const boxOf = (/** @type {string} */ file) => {
  const parts = file.split('/');
  return parts.length === 2 ? 'lib' : `lib/${parts[1]}`;
};
const isDomain = (/** @type {string} */ box) => DOMAIN_FOLDERS.includes(box.slice('lib/'.length));
/** Where an arrow ends: the domains' group for a domain folder, else the box itself. */
const endOf = (/** @type {string} */ box) => (isDomain(box) ? 'domains' : box);

/** @type {Map<string, string[]>} */
const members = new Map();
/** Imports from one end into another, by `from to`. */
/** @type {Map<string, number>} */
const edges = new Map();
for (const mod of graph.modules) {
  if (isTest(mod.source)) continue;
  const box = boxOf(mod.source);
  members.set(box, [...(members.get(box) ?? []), mod.source.split('/').pop() ?? '']);
  for (const dependency of mod.dependencies) {
    const [from, to] = [endOf(box), endOf(boxOf(dependency.resolved))];
    if (from !== to && dependency.resolved.startsWith('lib/')) edges.set(`${from} ${to}`, (edges.get(`${from} ${to}`) ?? 0) + 1);
  }
}

const id = (/** @type {string} */ box) => box.replace(/\W/g, '_');
/** A box's modules by name, a few a line. */
const names = (/** @type {string[]} */ files, /** @type {number} */ perLine) => {
  const sorted = files.map((f) => f.replace(/\.tsx?$/, '')).sort();
  const lines = [];
  for (let i = 0; i < sorted.length; i += perLine) lines.push(sorted.slice(i, i + perLine).join(' · '));
  return lines.join('<br/>');
};

const out = ['flowchart TD'];
const boxes = [...members].sort(([a], [b]) => a.localeCompare(b));
for (const [box, files] of boxes) {
  if (box === 'lib') out.push(`  lib["lib/ root: ${files.length} modules<br/>${names(files, 5)}"]`);
  else if (!isDomain(box)) out.push(`  ${id(box)}["${box}/ (${files.length} modules)"]`);
}
const domains = boxes.filter(([box]) => isDomain(box));
if (domains.length) {
  out.push(`  subgraph domains["domain folders: ${domains.reduce((n, [, files]) => n + files.length, 0)} modules"]`);
  for (const [box, files] of domains) out.push(`    ${id(box)}["${box}/<br/>${names(files, 3)}"]`);
  out.push('  end');
}
for (const [edge, count] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
  const [from = '', to = ''] = edge.split(' ');
  out.push(`  ${id(from)} -->|${count}| ${id(to)}`);
}
console.log(out.join('\n'));
