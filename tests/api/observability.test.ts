import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { signUp } from '@/tests/support/api';
import { freePort, startApp, stopTree, waitUntil } from '@/tests/support/processes';

// What an operator sees of a running server (docs/operating.md, "Logs and traces"): one JSON line per request, pages
// as well as API calls, and, with OTEL_EXPORTER_OTLP_ENDPOINT set, OpenTelemetry traces in which a page's request span
// holds the spans of the database commands it sent. A server of this file's own, over the suite's database, exports
// to a small OTLP/HTTP receiver here (JSON, as OTEL_EXPORTER_OTLP_PROTOCOL=http/json asks).

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number; boolValue?: boolean } };
type Span = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: Attribute[] };
type Export = { resourceSpans?: { resource?: { attributes?: Attribute[] }; scopeSpans?: { spans?: Span[] }[] }[] };

const spans: Span[] = [];
const services = new Set<string>();
let receiver: http.Server;
let app: Awaited<ReturnType<typeof startApp>>;

const attribute = (span: Span, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

beforeAll(async () => {
  const port = await freePort();
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.headers['content-type']?.includes('application/json')) {
        const data = JSON.parse(body) as Export;
        for (const resource of data.resourceSpans ?? []) {
          const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue;
          if (service) services.add(service);
          for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
        }
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  app = await startApp(process.env.MONGODB_URI!, {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    LOG_LEVEL: 'info',
    RATE_LIMIT_SCALE: '1000',
  });
}, 120_000);

afterAll(async () => {
  if (app) stopTree(app.child);
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The JSON lines the server wrote about one request id (its log: test-results/logs/app-<port>.log). */
function linesOf(requestId: string): Record<string, unknown>[] {
  const file = path.join(process.cwd(), 'test-results', 'logs', `app-${new URL(app.url).port}.log`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.requestId === requestId);
}

it('writes one line per request, pages as well as API calls, with the request id the response carries', async () => {
  const fan = await signUp('logged');
  const page = await fetch(`${app.url}/profile/${fan._id}`);
  expect(page.status).toBe(200);
  await page.text();
  const pageId = page.headers.get('x-request-id')!;
  const api = await fetch(`${app.url}/api/teams`, { headers: { 'X-Request-Id': 'proxy-7f3a' } });
  expect(api.status).toBe(200);
  await api.text();
  const missing = await fetch(`${app.url}/profile/000000000000000000000000`);
  await missing.text();

  // A line is written when its response ends.
  await waitUntil(async () => linesOf(pageId).length > 0 && linesOf('proxy-7f3a').length > 0, 15_000);
  expect(linesOf(pageId)).toEqual([
    expect.objectContaining({ level: 30, method: 'GET', path: `/profile/${fan._id}`, status: 200, ms: expect.any(Number) }),
  ]);
  // An API call's line is route()'s own (lib/http.ts), written once: not again by the server entry.
  expect(linesOf('proxy-7f3a')).toEqual([
    expect.objectContaining({ method: 'GET', path: '/api/teams', status: 200, ms: expect.any(Number) }),
  ]);
  const missingId = missing.headers.get('x-request-id')!;
  await waitUntil(async () => linesOf(missingId).length > 0, 15_000);
  expect(linesOf(missingId)).toEqual([expect.objectContaining({ path: '/profile/000000000000000000000000', status: 404 })]);
}, 60_000);

it('exports a page request as a trace whose spans hold the database commands the page sent', async () => {
  const fan = await signUp('traced');
  const page = await fetch(`${app.url}/profile/${fan._id}`);
  expect(page.status).toBe(200);
  await page.text();

  // Next's span for the page's request, as its docs name it: `GET <route>`, the route pattern in next.route (under
  // the custom server's own span for the request, `GET`).
  const pageSpan = () =>
    spans.find((s) => s.name === 'GET /profile/[userID]' && String(attribute(s, 'http.target') ?? '').includes(fan._id));
  await waitUntil(
    async () => Boolean(pageSpan()),
    30_000,
    () => spans.map((s) => `${s.name} ${JSON.stringify(s.attributes)}`).join('\n'),
  );
  const request = pageSpan()!;
  expect(attribute(request, 'next.route')).toBe('/profile/[userID]');
  expect(attribute(request, 'http.status_code')).toBe(200);
  expect(services).toContain('takes');

  // A database command's span in the same trace, reached from the request's span through its parents.
  const inTrace = () => spans.filter((s) => s.traceId === request.traceId);
  const database = () => inTrace().filter((s) => attribute(s, 'db.system') === 'mongodb' || attribute(s, 'db.system.name') === 'mongodb');
  await waitUntil(
    async () => database().length > 0,
    30_000,
    () =>
      inTrace()
        .map((s) => s.name)
        .join('\n'),
  );
  const byId = new Map(inTrace().map((s) => [s.spanId, s]));
  const command = database()[0]!;
  let parent = byId.get(command.parentSpanId ?? '');
  while (parent && parent.spanId !== request.spanId) parent = byId.get(parent.parentSpanId ?? '');
  expect(parent?.spanId).toBe(request.spanId);
  // The command's shape, with no value from the request in it.
  expect(String(attribute(command, 'db.statement') ?? attribute(command, 'db.query.text') ?? '')).not.toContain(fan._id);
}, 90_000);
