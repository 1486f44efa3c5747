import type { Instrumentation } from '@opentelemetry/instrumentation';

/** Probes and scrapes every few seconds would drown the traces people look at. */
const UNTRACED_PATHS = new Set(['/api/health/', '/api/health/ready/']);

/**
 * The official Fastify instrumentation (a span per request and per hook, the incoming `traceparent`
 * followed), attached by the SDK to every Fastify instance created after the start; the HTTP one for
 * the server's outgoing calls where Node's http is loaded after it. Loaded only when tracing is on:
 * the SDK and its instrumentations are several MB an instance without tracing never holds.
 */
export async function tracingInstrumentations(): Promise<Instrumentation[]> {
  const [{ FastifyOtelInstrumentation }, { HttpInstrumentation }] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/instrumentation-http'),
  ]);
  return [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(request.url ?? '') }),
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      ignorePaths: (route) => UNTRACED_PATHS.has(route.url),
    }) as unknown as Instrumentation,
  ];
}

/**
 * Starts OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (exported by OTLP/HTTP; the SDK
 * reads the endpoint, headers and OTEL_SERVICE_NAME from the environment itself). Unset, nothing is
 * loaded or started: the API's tracer stays the no-op one and no span is made. Call before the Fastify
 * instance is created. Answers what flushes and stops it at shutdown.
 */
export async function startTracing(
  env: Record<string, string | undefined> = process.env,
): Promise<(() => Promise<void>) | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const [{ NodeSDK }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? 'cardiomap',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: await tracingInstrumentations(),
  });
  sdk.start();
  return () => sdk.shutdown();
}
