import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { registerOTel } from '@vercel/otel';

/**
 * OpenTelemetry traces, through Next's own instrumentation (instrumentation.ts calls this only when
 * OTEL_EXPORTER_OTLP_ENDPOINT names a collector, so a server without one loads none of it): `@vercel/otel` registers
 * the SDK, Next adds its spans (each request's root span `GET /takes/[id]`, its render, its route handler), and the
 * MongoDB driver's instrumentation adds one span per database command under the span that sent it. The exporter is
 * OTLP over HTTP, protobuf unless OTEL_EXPORTER_OTLP_PROTOCOL=http/json, to `<endpoint>/v1/traces`; OTEL_SERVICE_NAME
 * (default `takes`), OTEL_EXPORTER_OTLP_HEADERS and the OTEL_TRACES_SAMPLER variables are read as the specification
 * names them. A command's span carries its shape with every value replaced by `?` (the instrumentation's default), so
 * no fan's words or ids leave in a trace.
 */
export function startTracing(): void {
  registerOTel({
    serviceName: 'takes',
    // `fetch`: outgoing calls (Firebase, entity art) as spans, as @vercel/otel does by default.
    instrumentations: ['fetch', new MongoDBInstrumentation()],
  });
}
