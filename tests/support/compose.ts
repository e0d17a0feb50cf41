import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// compose.yaml rendered as `docker compose` renders it, for the tests that cannot run a container: the Compose
// specification's interpolation (12-interpolation.md: `$$`, `$NAME`, `${NAME}` and the `:-`, `-`, `:?`, `?`, `:+`, `+`
// forms, nested), the `.env` file beside it and `env_file`, then a container's environment as Docker composes it (the
// image's ENV, then env_file, then environment). tests/multi/compose.test.ts checks this renderer against docker-compose's
// own `config` and starts what it renders.

export type Vars = Record<string, string | undefined>;

/**
 * A `.env` file's variables, for the lines `.env.example` has: comments, blank lines, `NAME=value` (an inline comment
 * after a space dropped) and double- or single-quoted values (escapes in double quotes). scripts/configuration.test.ts
 * holds `.env.example` to plain `NAME=value` lines, which every dotenv reader takes alike.
 */
export function parseDotEnv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) throw new Error(`not a variable line: ${raw}`);
    const [, name, rest] = match as unknown as [string, string, string];
    let value: string;
    if (rest.startsWith('"')) {
      const end = rest.indexOf('"', 1);
      value = rest
        .slice(1, end)
        .replace(/\\n/g, '\n')
        .replace(/\\(["\\])/g, '$1');
    } else if (rest.startsWith("'")) {
      value = rest.slice(1, rest.indexOf("'", 1));
    } else {
      value = rest.replace(/\s+#.*$/, '').trim();
    }
    vars[name] = value;
  }
  return vars;
}

/** A `.env` file's text with `values` written into its own `NAME=` lines (or added at its end), as an operator fills it in. */
export function fillIn(text: string, values: Record<string, string>): string {
  let filled = text;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^${name}=$`, 'm');
    filled = line.test(filled) ? filled.replace(line, () => `${name}=${value}`) : `${filled}${name}=${value}\n`;
  }
  return filled;
}

/**
 * The variables of `.env.example`'s `=== Required: <section> ===` sections whose titles contain one of `sections`
 * ("every deployment", "with compose", "without compose").
 */
export function requiredNames(example: string, sections: string[]): string[] {
  const names: string[] = [];
  let inside = false;
  for (const line of example.split('\n')) {
    const title = /^# === Required: (.+?) =+$/.exec(line)?.[1];
    if (title !== undefined) inside = sections.some((section) => title.startsWith(section));
    else if (/^# (---|===)/.test(line)) inside = false;
    else if (inside && /^[A-Z][A-Z0-9_]*=/.test(line)) names.push(line.slice(0, line.indexOf('=')));
  }
  return names;
}

/** The index of the `}` closing the `${` whose body starts at `from`, braces nested. */
function closing(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`unclosed \${ in ${text}`);
}

export class InterpolationError extends Error {}

/** One string interpolated by the specification's rules; a required variable left unset (or empty, with `:?`) throws. */
export function interpolate(text: string, vars: Vars): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    if (text[i] !== '$') {
      out += text[i];
      i += 1;
      continue;
    }
    if (text[i + 1] === '$') {
      out += '$';
      i += 2;
      continue;
    }
    if (text[i + 1] === '{') {
      const end = closing(text, i + 2);
      const body = text.slice(i + 2, end);
      const [, name, op, operand] = /^([A-Za-z_][A-Za-z0-9_]*)(:-|-|:\?|\?|:\+|\+)?([\s\S]*)$/.exec(body) ?? [];
      if (!name) throw new InterpolationError(`invalid interpolation format: \${${body}}`);
      const value = vars[name];
      const set = value !== undefined;
      const nonEmpty = set && value !== '';
      // The operand is itself interpolated, and only when it is used.
      const nested = () => interpolate(operand ?? '', vars);
      if (!op) out += value ?? '';
      else if (op === ':-') out += nonEmpty ? value : nested();
      else if (op === '-') out += set ? value : nested();
      else if (op === ':?' || op === '?') {
        if (op === ':?' ? !nonEmpty : !set) throw new InterpolationError(`required variable ${name} is missing a value: ${nested()}`);
        out += value;
      } else if (op === ':+') out += nonEmpty ? nested() : '';
      else out += set ? nested() : '';
      i = end + 1;
      continue;
    }
    const bare = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1))?.[0];
    if (bare) {
      out += vars[bare] ?? '';
      i += 1 + bare.length;
    } else {
      // Anything else after a `$` is kept as it is.
      out += '$';
      i += 1;
    }
  }
  return out;
}

/** Every string value of a parsed YAML tree interpolated (keys are not). */
function interpolateTree(node: unknown, vars: Vars): unknown {
  if (typeof node === 'string') return interpolate(node, vars);
  if (Array.isArray(node)) return node.map((item) => interpolateTree(item, vars));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateTree(value, vars)]));
  }
  return node;
}

export type Service = {
  image?: string;
  build?: unknown;
  command?: string[];
  env_file?: string | (string | { path: string })[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | number)[];
  profiles?: string[];
  volumes?: string[];
  depends_on?: unknown;
  healthcheck?: Record<string, unknown>;
};
export type Project = { name?: string; services: Record<string, Service>; volumes?: Record<string, unknown> };

/**
 * compose.yaml of `dir` rendered with the `.env` text given (as `docker compose` reads `<dir>/.env`), the shell's
 * variables taking precedence over the file's as they do there.
 */
export function renderCompose(dir: string, dotEnv: string, shell: Vars = {}): { project: Project; vars: Vars } {
  const vars: Vars = { ...parseDotEnv(dotEnv), ...shell };
  const project = interpolateTree(parse(readFileSync(path.join(dir, 'compose.yaml'), 'utf8')), vars) as Project;
  return { project, vars };
}

/** The variables `ENV` sets in a Dockerfile's last stage: what every container of that image starts with. */
export function imageEnv(dockerfile: string): Record<string, string> {
  const stages = dockerfile.replace(/\\\n/g, ' ').split(/^FROM /m);
  const env: Record<string, string> = {};
  for (const line of (stages.at(-1) ?? '').split('\n')) {
    if (!line.startsWith('ENV ')) continue;
    for (const [, name, value] of line.slice(4).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S+)/g)) {
      env[name as string] = (value as string).startsWith('"') ? (value as string).slice(1, -1) : (value as string);
    }
  }
  return env;
}

/**
 * A service's container environment: its image's ENV (given), then each env_file (its text from `files`, by the path
 * compose.yaml names) read with the dotenv rules, then `environment`, each later one winning; `NAME` alone in
 * environment takes the shell's value, if it has one.
 */
export function containerEnv(
  service: Service,
  files: Record<string, string>,
  image: Record<string, string> = {},
  shell: Vars = {},
): Record<string, string> {
  const env: Record<string, string> = { ...image };
  const named = service.env_file === undefined ? [] : Array.isArray(service.env_file) ? service.env_file : [service.env_file];
  for (const file of named) {
    const text = files[typeof file === 'string' ? file : file.path];
    if (text === undefined) throw new Error(`env file ${JSON.stringify(file)} not found`);
    Object.assign(env, parseDotEnv(text));
  }
  const entries = Array.isArray(service.environment)
    ? service.environment.map((item) => {
        const at = item.indexOf('=');
        return at < 0 ? ([item, null] as const) : ([item.slice(0, at), item.slice(at + 1)] as const);
      })
    : Object.entries(service.environment ?? {});
  for (const [name, value] of entries) {
    if (value === null) {
      if (shell[name] !== undefined) env[name] = shell[name] as string;
    } else env[name] = String(value);
  }
  return env;
}
