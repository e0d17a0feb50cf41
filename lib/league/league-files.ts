import {
  LEAGUE_FILE_KINDS,
  type BoxScoreRowInput,
  type GameRowInput,
  type LeagueFileKind,
  type PlayerRowInput,
  type TeamRowInput,
  type TopicRowInput,
} from '@/lib/validation/league';

/**
 * Reads league files (docs/league-data.md): CSV, one kind of row a file, told apart by its key column (a box score's
 * rows have both a game_id and a player_id); or JSON, an object whose `teams`, `players`, `topics`, `games` and
 * `boxscores` arrays hold rows with the same field names. Every row is
 * checked by its schema in lib/validation/league.ts; whatever is wrong is reported with its file, line and field, and
 * nothing is read from a file set that has a problem. Pure: the importer, the console's upload and the tests share it.
 *
 * Linear in the size of the files, and bounded (docs/league-data.md#limits): a file with more rows than its kind's
 * `maxRows` is refused before a row of it is checked, and the check stops once LEAGUE_PROBLEMS_MAX problems are
 * found, so a 4 MB upload of the worst shape is answered in well under a second.
 */

export type LeagueFile = { name: string; text: string };
export type Located<T> = { file: string; line: number; row: T };
export type Problem = { file: string; line: number; field: string | null; message: string };
export type LeagueRows = {
  teams: Located<TeamRowInput>[];
  players: Located<PlayerRowInput>[];
  topics: Located<TopicRowInput>[];
  games: Located<GameRowInput>[];
  boxscores: Located<BoxScoreRowInput>[];
  /** The roster is complete for the teams it lists: their players missing from it have left them. */
  complete: boolean;
};

/** The columns a CSV of each kind must have; the others may be left out. */
const REQUIRED_COLUMNS: Record<LeagueFileKind, readonly string[]> = {
  teams: LEAGUE_FILE_KINDS.teams.columns,
  players: ['player_id', 'name', 'team_id'],
  topics: ['topic_id', 'name'],
  games: ['game_id', 'tipoff', 'home_team_id', 'away_team_id'],
  boxscores: ['game_id', 'player_id', 'team_id'],
};

/** Problems collected at most: past them the check stops (an upload with a thousand is not read on). */
export const LEAGUE_PROBLEMS_MAX = 1_000;
const full = (problems: Problem[]) => problems.length >= LEAGUE_PROBLEMS_MAX;

/** The problem of a file with more rows than its kind allows: none of its rows is checked. */
const tooManyRows = (file: string, kind: LeagueFileKind): Problem => ({
  file,
  line: 1,
  field: null,
  message: `has more than ${LEAGUE_FILE_KINDS[kind].maxRows.toLocaleString('en-US')} ${kind} rows, the most one file may hold: split it`,
});

/** The longest the check runs before it gives the server a turn (Pace). */
const SLICE_MS = 10;
export type Pace = () => Promise<void>;

/**
 * Gives the event loop a turn every SLICE_MS of a long check, so the instance goes on answering its other requests
 * (its health check among them) while an upload is read, however large: no step of the check holds it longer.
 */
export function pacer(): Pace {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}

/** "players.csv line 14, team_id: must be a number". */
export function problemText({ file, line, field, message }: Problem): string {
  return `${file} line ${line}${field ? `, ${field}` : ''}: ${message}`;
}

type RawRow = { line: number; values: Record<string, unknown> };

type CsvRecord = { line: number; cells: string[] };

/**
 * RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. Each record keeps the line it starts on.
 * Read as they are asked for, so a reader that stops (a file past its row cap) reads no further.
 */
function* csvRecords(text: string): Generator<CsvRecord> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  /** The record just ended; null for a blank line. */
  const endRecord = (): CsvRecord | null => {
    cells.push(cell);
    const record = touched || cells.length > 1 || cell !== '' ? { line: start, cells } : null;
    cells = [];
    cell = '';
    touched = false;
    return record;
  };
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      touched = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      const record = endRecord();
      line += 1;
      start = line;
      if (record) yield record;
    } else {
      cell += char;
    }
  }
  const last = endRecord();
  if (last) yield last;
}

function kindOfColumns(columns: string[]): LeagueFileKind | null {
  if (columns.includes('player_id') && columns.includes('game_id')) return 'boxscores';
  if (columns.includes('player_id')) return 'players';
  if (columns.includes('game_id')) return 'games';
  if (columns.includes('topic_id')) return 'topics';
  if (columns.includes('team_id')) return 'teams';
  return null;
}

async function readCsv(file: LeagueFile, problems: Problem[], pace: Pace): Promise<{ kind: LeagueFileKind; rows: RawRow[] } | null> {
  const records = csvRecords(file.text);
  const first = records.next();
  const header = first.done ? null : first.value;
  if (!header) {
    problems.push({ file: file.name, line: 1, field: null, message: 'the file is empty' });
    return null;
  }
  const columns = header.cells.map((c) => c.trim().toLowerCase());
  const kind = kindOfColumns(columns);
  if (!kind) {
    problems.push({
      file: file.name,
      line: header.line,
      field: null,
      message: 'the header names none of player_id, team_id, topic_id, game_id',
    });
    return null;
  }
  const known = LEAGUE_FILE_KINDS[kind].columns as readonly string[];
  let usable = true;
  for (const column of REQUIRED_COLUMNS[kind]) {
    if (!columns.includes(column)) {
      problems.push({ file: file.name, line: header.line, field: column, message: `the ${kind} file has no ${column} column` });
      usable = false;
    }
  }
  columns.forEach((column, i) => {
    if (!known.includes(column)) {
      problems.push({ file: file.name, line: header.line, field: column || `column ${i + 1}`, message: `not a column of a ${kind} file` });
      usable = false;
    } else if (columns.indexOf(column) !== i) {
      problems.push({ file: file.name, line: header.line, field: column, message: 'the column is named twice' });
      usable = false;
    }
  });
  if (!usable) return null;
  const rows: RawRow[] = [];
  for (const { line, cells } of records) {
    await pace();
    if (rows.length === LEAGUE_FILE_KINDS[kind].maxRows) {
      problems.push(tooManyRows(file.name, kind));
      return null;
    }
    if (cells.length !== columns.length) {
      if (full(problems)) return null;
      problems.push({ file: file.name, line, field: null, message: `has ${cells.length} cells where the header has ${columns.length}` });
    }
    rows.push({ line, values: Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ''])) });
  }
  return { kind, rows };
}

/**
 * The most values (objects, arrays and the items between commas) a JSON league file may hold: what full files of
 * every kind at their row caps would, and a little over. Counted before JSON.parse builds anything, so a file of a
 * million empty rows or one row of a million empty lists costs one pass over its text, not a million objects.
 */
const JSON_VALUES_MAX = Object.values(LEAGUE_FILE_KINDS).reduce((sum, kind) => sum + kind.maxRows * (kind.columns.length + 1), 0) + 64;

/**
 * One pass over a JSON league file's text, before it is parsed: how many values it holds (JSON_VALUES_MAX), and the
 * line of each row of each section, the line of the `{` that opens it. It follows only strings, depth and the
 * top-level keys, so it also runs to its end on text that is not JSON (JSON.parse says where that stops).
 */
async function jsonShape(text: string, pace: Pace): Promise<{ values: number; lines: Map<string, number[]> }> {
  const lines = new Map<string, number[]>();
  let depth = 0;
  let line = 1;
  let values = 0;
  let key: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    if (i % 65_536 === 0) await pace();
    const char = text[i]!;
    if (char === '\n') line += 1;
    else if (char === ',') values += 1;
    else if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1) {
        try {
          key = JSON.parse(text.slice(i, end + 1)) as string;
        } catch {
          key = null;
        }
      }
      i = end;
    } else if (char === '{' || char === '[') {
      depth += 1;
      values += 1;
      if (char === '{' && depth === 3 && key !== null) {
        const rows = lines.get(key);
        if (rows) rows.push(line);
        else lines.set(key, [line]);
      }
    } else if (char === '}' || char === ']') depth -= 1;
  }
  return { values, lines };
}

/** Where JSON.parse stopped, as a line: V8 names a position (Node 20) or a line (Node 22+). */
function syntaxLine(text: string, error: unknown): number {
  const message = error instanceof Error ? error.message : '';
  const byLine = /line (\d+)/.exec(message);
  if (byLine) return Number(byLine[1]);
  const byPosition = /position (\d+)/.exec(message);
  return byPosition ? text.slice(0, Number(byPosition[1])).split('\n').length : 1;
}

const JSON_KEYS = new Set(['teams', 'players', 'topics', 'games', 'boxscores', 'complete', 'source', 'asOf']);

async function readJson(
  file: LeagueFile,
  problems: Problem[],
  pace: Pace,
): Promise<{ sections: { kind: LeagueFileKind; rows: RawRow[] }[]; complete: boolean } | null> {
  const { values, lines } = await jsonShape(file.text, pace);
  if (values > JSON_VALUES_MAX) {
    problems.push({
      file: file.name,
      line: 1,
      field: null,
      message: `holds more than ${JSON_VALUES_MAX.toLocaleString('en-US')} values, more than full files of every kind would: split it`,
    });
    return null;
  }
  let data: unknown;
  try {
    data = JSON.parse(file.text.replace(/^\uFEFF/, ''));
  } catch (error) {
    problems.push({ file: file.name, line: syntaxLine(file.text, error), field: null, message: 'is not valid JSON' });
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    problems.push({ file: file.name, line: 1, field: null, message: 'must be an object with teams, players, topics, games or boxscores' });
    return null;
  }
  const record = data as Record<string, unknown>;
  const sections: { kind: LeagueFileKind; rows: RawRow[] }[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (!JSON_KEYS.has(key)) {
      problems.push({
        file: file.name,
        line: 1,
        field: key,
        message: 'not a part of a league file (teams, players, topics, games, boxscores)',
      });
      continue;
    }
    if (key === 'complete' || key === 'source' || key === 'asOf') continue;
    const kind = key as LeagueFileKind;
    if (!Array.isArray(value)) {
      problems.push({ file: file.name, line: 1, field: key, message: 'must be a list of rows' });
      continue;
    }
    if (value.length > LEAGUE_FILE_KINDS[kind].maxRows) {
      problems.push(tooManyRows(file.name, kind));
      continue;
    }
    const rowLines = lines.get(key) ?? [];
    const rows: RawRow[] = [];
    for (const [i, row] of value.entries()) {
      await pace();
      if (full(problems)) break;
      const line = rowLines[i] ?? 1;
      if (typeof row !== 'object' || row === null || Array.isArray(row)) {
        problems.push({ file: file.name, line, field: null, message: `${key}[${i}] must be an object` });
        continue;
      }
      const values = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : v]));
      for (const field of Object.keys(values)) {
        if (!(LEAGUE_FILE_KINDS[kind].columns as readonly string[]).includes(field))
          problems.push({ file: file.name, line, field, message: `not a field of ${kind}` });
      }
      rows.push({ line, values });
    }
    sections.push({ kind, rows });
  }
  const complete = record.complete;
  if (complete !== undefined && typeof complete !== 'boolean') {
    problems.push({ file: file.name, line: 1, field: 'complete', message: 'must be true or false' });
  }
  return { sections, complete: complete === true };
}

const isJson = (file: LeagueFile) => /\.json$/i.test(file.name) || (!/\.csv$/i.test(file.name) && file.text.trimStart().startsWith('{'));

/**
 * The rows of a set of league files, each checked; `problems` empty means every row is as the schemas want and no
 * key is listed twice. `complete` (the console's checkbox, the CLI's --complete) may also be set by a JSON file.
 */
export async function parseLeagueFiles(
  files: LeagueFile[],
  options: { complete?: boolean } = {},
): Promise<{ rows: LeagueRows; problems: Problem[] }> {
  const pace = pacer();
  const problems: Problem[] = [];
  const rows: LeagueRows = { teams: [], players: [], topics: [], games: [], boxscores: [], complete: options.complete ?? false };
  const seen = new Map<string, { file: string; line: number }>();
  for (const file of files) {
    const sections: { kind: LeagueFileKind; rows: RawRow[] }[] = [];
    if (isJson(file)) {
      const read = await readJson(file, problems, pace);
      if (read) {
        sections.push(...read.sections);
        if (read.complete) rows.complete = true;
      }
    } else {
      const read = await readCsv(file, problems, pace);
      if (read) sections.push(read);
    }
    for (const { kind, rows: raw } of sections) {
      const { schema, key } = LEAGUE_FILE_KINDS[kind];
      for (const { line, values } of raw) {
        await pace();
        if (full(problems)) break;
        const parsed = schema.safeParse(values);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const field = issue.path.length ? String(issue.path[0]) : null;
            problems.push({ file: file.name, line, field, message: issue.message });
          }
          continue;
        }
        const id = String((parsed.data as Record<string, unknown>)[key]);
        const before = seen.get(`${kind}:${id}`);
        if (before) {
          const where = before.file === file.name ? `line ${before.line}` : `${before.file} line ${before.line}`;
          problems.push({ file: file.name, line, field: key, message: `${id} is listed twice (also ${where})` });
          continue;
        }
        seen.set(`${kind}:${id}`, { file: file.name, line });
        (rows[kind] as Located<unknown>[]).push({ file: file.name, line, row: parsed.data });
      }
    }
  }
  // A row can add several problems at once (one per field): the list stops at the cap.
  return { rows, problems: problems.slice(0, LEAGUE_PROBLEMS_MAX) };
}
