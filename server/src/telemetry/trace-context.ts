import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/** W3C trace context: version, trace id, parent span id, flags. */
export const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * The active span's `traceparent`, to carry into a queued job; undefined when tracing is off (the no-op
 * propagator writes nothing) or no span is active.
 */
export function activeTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

const tracer = trace.getTracer('cardiomap-jobs');

/**
 * Runs a queued message's work in a span that continues the trace of the request that queued it (a
 * resumed job, queued by a sweep, starts a trace of its own). With tracing off the tracer is the
 * no-op one and this costs a function call.
 */
export function inJobSpan<T>(
  queue: string,
  traceparent: string | undefined,
  attributes: Record<string, string>,
  work: () => Promise<T>,
): Promise<T> {
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
  return tracer.startActiveSpan(
    `job ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue, ...attributes },
    },
    parent,
    async (span) => {
      try {
        return await work();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
