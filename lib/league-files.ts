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

/** "players.csv line 14, team_id: must be a number". */
export function problemText({ file, line, field, message }: Problem): string {
  return `${file} line ${line}${field ? `, ${field}` : ''}: ${message}`;
}

type RawRow = { line: number; values: Record<string, unknown> };

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. Each record keeps the line it starts on. */
function csvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
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
      endRecord();
      line += 1;
      start = line;
    } else {
      cell += char;
    }
  }
  endRecord();
  return records;
}

function kindOfColumns(columns: string[]): LeagueFileKind | null {
  if (columns.includes('player_id') && columns.includes('game_id')) return 'boxscores';
  if (columns.includes('player_id')) return 'players';
  if (columns.includes('game_id')) return 'games';
  if (columns.includes('topic_id')) return 'topics';
  if (columns.includes('team_id')) return 'teams';
  return null;
}

function readCsv(file: LeagueFile, problems: Problem[]): { kind: LeagueFileKind; rows: RawRow[] } | null {
  const [header, ...records] = csvRecords(file.text);
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
  const rows = records.map(({ line, cells }) => {
    if (cells.length !== columns.length) {
      problems.push({ file: file.name, line, field: null, message: `has ${cells.length} cells where the header has ${columns.length}` });
    }
    return { line, values: Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ''])) };
  });
  return { kind, rows };
}

/**
 * The line of each row of each section of a JSON league file: the line of the `{` that opens it. JSON.parse has
 * already accepted the text, so this only follows strings, depth and the top-level keys.
 */
function jsonRowLines(text: string): Map<string, number[]> {
  const lines = new Map<string, number[]>();
  let depth = 0;
  let line = 1;
  let key: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '\n') line += 1;
    else if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1) key = JSON.parse(text.slice(i, end + 1)) as string;
      i = end;
    } else if (char === '{' || char === '[') {
      depth += 1;
      if (char === '{' && depth === 3 && key !== null) lines.set(key, [...(lines.get(key) ?? []), line]);
    } else if (char === '}' || char === ']') depth -= 1;
  }
  return lines;
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

function readJson(
  file: LeagueFile,
  problems: Problem[],
): { sections: { kind: LeagueFileKind; rows: RawRow[] }[]; complete: boolean } | null {
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
  const lines = jsonRowLines(file.text);
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
    const rowLines = lines.get(key) ?? [];
    sections.push({
      kind,
      rows: value.map((row, i) => {
        const line = rowLines[i] ?? 1;
        if (typeof row !== 'object' || row === null || Array.isArray(row)) {
          problems.push({ file: file.name, line, field: null, message: `${key}[${i}] must be an object` });
          return { line, values: {} };
        }
        const values = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : v]));
        for (const field of Object.keys(values)) {
          if (!(LEAGUE_FILE_KINDS[kind].columns as readonly string[]).includes(field))
            problems.push({ file: file.name, line, field, message: `not a field of ${kind}` });
        }
        return { line, values };
      }),
    });
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
export function parseLeagueFiles(files: LeagueFile[], options: { complete?: boolean } = {}): { rows: LeagueRows; problems: Problem[] } {
  const problems: Problem[] = [];
  const rows: LeagueRows = { teams: [], players: [], topics: [], games: [], boxscores: [], complete: options.complete ?? false };
  const seen = new Map<string, { file: string; line: number }>();
  for (const file of files) {
    const sections: { kind: LeagueFileKind; rows: RawRow[] }[] = [];
    if (isJson(file)) {
      const read = readJson(file, problems);
      if (read) {
        sections.push(...read.sections);
        if (read.complete) rows.complete = true;
      }
    } else {
      const read = readCsv(file, problems);
      if (read) sections.push(read);
    }
    for (const { kind, rows: raw } of sections) {
      const { schema, key } = LEAGUE_FILE_KINDS[kind];
      for (const { line, values } of raw) {
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
  return { rows, problems };
}
