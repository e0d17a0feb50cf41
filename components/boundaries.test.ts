import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The rule of components/ (README, Architecture): a feature folder imports its own files, the shared folders, and from
 * another feature only what that feature shows: its components (a .tsx module's PascalCase exports, types too), never
 * its hooks, contexts, helpers or styles. What two features use lives in a shared folder, which imports no feature.
 */
const SHARED = new Set(['ui', 'shared', 'modals']);
const root = path.join(__dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

// A static import's names and path, or a lazy import()'s path (its names are read from the module later).
const IMPORT = /import(?:\s+(type\s+)?([^'";]*?)\s+from\s+|\(\s*)'@\/components\/([a-z-]+)\/([^']+)'/g;

function names(clause: string): string[] {
  const braces = /\{([^}]*)\}/.exec(clause)?.[1];
  const listed = braces
    ? braces.split(',').map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
    : [];
  const fallback = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, '')
    .trim();
  return [...listed.filter(Boolean), ...(fallback ? [fallback] : [])];
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sources(root)) {
    const folder = path.relative(root, file).split(path.sep)[0]!;
    const text = readFileSync(file, 'utf8');
    for (const [, , clause = '', target = '', rest = ''] of text.matchAll(IMPORT)) {
      if (target === folder) continue;
      const where = `${path.relative(root, file)} imports @/components/${target}/${rest}`;
      if (SHARED.has(folder) && !SHARED.has(target)) found.push(`${where}: a shared folder imports no feature`);
      if (SHARED.has(target)) continue;
      if (!existsSync(path.join(root, target, `${rest}.tsx`))) found.push(`${where}: not a component module`);
      for (const name of names(clause)) if (!/^[A-Z][a-z]/.test(name)) found.push(`${where}: ${name} is not a component or type`);
    }
  }
  return found;
}

describe('components/ boundaries', () => {
  it('lets no feature folder import another feature’s insides', () => {
    expect(violations()).toEqual([]);
  });
});
