import { readFileSync, statSync } from 'node:fs';
import type { QueryLogLine } from '@/lib/query-log';
import type { Reply } from '@/tests/support/api';

// The API server logs every database command it sends (TAKES_QUERY_LOG, lib/query-log.ts) to this file.
const LOG = process.env.INDEX_COVERAGE_LOG;
const size = () => {
  try {
    return statSync(LOG!).size;
  } catch {
    return 0;
  }
};

/**
 * The commands the server sent while answering `send` (written as each completes, so all are in once it answers).
 * The league's version check (lib/data/shared/league-version.ts: one read of `systemstate` an instance makes at most
 * once a second, whatever it serves) is left out: it falls in whichever request comes after its second, so it is the
 * instance's cost, not a request's.
 */
export async function commandsOf(send: () => Promise<Reply>): Promise<{ reply: Reply; ops: string[] }> {
  if (!LOG) throw new Error('INDEX_COVERAGE_LOG is not set: run the API tests with npm test');
  const from = size();
  const reply = await send();
  const lines = readFileSync(LOG)
    .subarray(from)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as QueryLogLine);
  const ops = lines.map((l) => `${l.op} ${l.coll ?? ''}`.trim()).filter((op) => op !== 'find systemstate');
  return { reply, ops };
}
