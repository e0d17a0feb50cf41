// POST /api/moderation/league/import?dryRun&complete — league files (multipart `file`, CSV or JSON): the difference, applied unless a dry run. Admins only; 404 for anyone else.
import { importLeague } from '@/lib/data/league/league-import';
import { badRequest } from '@/lib/errors';
import { json, parseQuery, readLimited, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { IMPORT_MAX_BYTES, importQuery } from '@/lib/validation/league';

const TOO_LARGE = `The files are too large (${IMPORT_MAX_BYTES / 1024 / 1024} MB at most).`;

export const POST = route(async (request) => {
  const admin = await leagueAdmin(request, { writes: true });
  const { dryRun, complete } = parseQuery(request, importQuery);
  const body = await readLimited(request, IMPORT_MAX_BYTES, TOO_LARGE);
  const form = await new Response(body, { headers: { 'Content-Type': request.headers.get('content-type') ?? '' } }).formData().catch(() => {
    throw badRequest('Send the files as multipart/form-data, each in a file field.');
  });
  const files = form.getAll('file').filter((f): f is File => f instanceof File && f.size > 0);
  if (files.length === 0) throw badRequest('file: choose a roster or schedule file (CSV or JSON).');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const texts = await Promise.all(
    files.map(async (file) => {
      try {
        return { name: file.name || 'upload', text: decoder.decode(await file.arrayBuffer()) };
      } catch {
        throw badRequest(`${file.name}: must be UTF-8 text.`);
      }
    }),
  );
  return json(await importLeague(texts, { dryRun, complete, by: admin._id, source: 'import' }));
});
