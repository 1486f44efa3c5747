import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACEPARENT } from '../../src/telemetry/trace-context.ts';
import { startTracing, tracingInstrumentations } from '../../src/telemetry/tracing.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { ingestSettled, uploadPhantom } from './upload-phantom.ts';

/**
 * Issue 22 §2: "a trace follows a request into the job it queues". The SDK is the production one with
 * the production instrumentations; only the exporter is in memory instead of OTLP.
 */
describe('traces', () => {
  const exporter = new InMemorySpanExporter();
  let sdk: NodeSDK;
  let t: TestApp;

  beforeAll(async () => {
    sdk = new NodeSDK({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
      instrumentations: await tracingInstrumentations(),
    });
    sdk.start();
    t = await createTestApp({ env: { RUN_WORKERS: 'true' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sdk?.shutdown();
  });

  it('are off without OTEL_EXPORTER_OTLP_ENDPOINT: nothing is started', async () => {
    expect(await startTracing({})).toBeUndefined();
  });

  it('carry the trace of the request that queues a job into the job’s own span', async () => {
    const token = (await signIn(t, 'physician@cardiomap.test')).access;
    const caseId = await uploadPhantom(t, token);
    await ingestSettled(t, token, caseId);

    const [message] = await t.database.query<{ data: { jobId: string; traceparent?: string } }>(
      "SELECT data FROM pgboss.job WHERE name = 'imaging' ORDER BY created_on LIMIT 1",
    );
    expect(message?.data.traceparent).toMatch(TRACEPARENT);

    // The case moves on inside the job's last transaction; its span ends just after.
    const jobSpan = () =>
      exporter
        .getFinishedSpans()
        .find((s) => s.name === 'job imaging' && s.attributes['cardiomap.job_id'] === message?.data.jobId);
    for (let i = 0; i < 100 && !jobSpan(); i++) await new Promise((r) => setTimeout(r, 100));
    const spans = exporter.getFinishedSpans();
    const job = jobSpan();
    expect(job).toBeDefined();
    const sameTrace = spans.filter((s) => s.spanContext().traceId === job?.spanContext().traceId);
    const request = sameTrace.find((s) => JSON.stringify(s.attributes).includes('/confirm-upload/'));
    expect(request, `spans of the trace: ${sameTrace.map((s) => s.name).join(', ')}`).toBeDefined();
    // The job's span is a child in that trace, not a trace of its own.
    expect(job?.parentSpanContext?.traceId).toBe(request?.spanContext().traceId);
    expect(message?.data.traceparent?.split('-')[1]).toBe(job?.spanContext().traceId);
    // Health probes are left out of the traces.
    await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(exporter.getFinishedSpans().some((s) => JSON.stringify(s.attributes).includes('/api/health/'))).toBe(false);
  }, 120_000);
});
