import { describe, expect, it, vi } from 'vitest';
import { inputDataFixture } from '../testing/input-data-fixtures.ts';
import { abortError, type PutBlob, type PutBlobOptions, TransferError } from './put-blob.ts';
import type { Sleep } from './retry.ts';
import { type CreatedUpload, progressPercent, type UploadApi, UploadEngine } from './upload-engine.ts';

const CASE_ID = 'c0000000-0000-4000-8000-000000000001';
const INPUT_ID = 'd0000000-0000-4000-8000-0000000000aa';

const inputData = (uploadSuccessful: boolean) =>
  inputDataFixture({ id: INPUT_ID, caseId: CASE_ID, sourceClient: '', size: 1000, uploadSuccessful });

function fakeApi(created: Partial<CreatedUpload> = {}, confirmed = true) {
  const api = {
    createInputData: vi.fn<UploadApi['createInputData']>(async () => ({
      id: INPUT_ID,
      writeUrl: '/put/whole',
      parts: null,
      ...created,
    })),
    confirmUpload: vi.fn<UploadApi['confirmUpload']>(async () => inputData(confirmed)),
  };
  return api;
}

const file = (size: number, name = 'scan.zip') => new File([new Uint8Array(size)], name, { type: 'application/zip' });
const noWait = vi.fn<Sleep>(async () => undefined);

interface PutCall {
  url: string;
  size: number;
  options: PutBlobOptions;
}

/** A storage that answers each PUT by `behave(url, attempt)`; records calls and the peak in flight. */
function fakeStorage(behave: (url: string, attempt: number, call: PutCall) => Promise<void> = async () => undefined) {
  const calls: PutCall[] = [];
  let inFlight = 0;
  let peak = 0;
  const putBlob: PutBlob = async (url, body, options) => {
    const call = { url, size: body.size, options };
    calls.push(call);
    const attempt = calls.filter((c) => c.url === url).length;
    inFlight++;
    peak = Math.max(peak, inFlight);
    try {
      await behave(url, attempt, call);
      options.onProgress(body.size);
    } finally {
      inFlight--;
    }
  };
  return { putBlob, calls, peak: () => peak };
}

const hangUntilAborted = (call: PutCall) =>
  new Promise<void>((_, reject) => call.options.signal.addEventListener('abort', () => reject(abortError())));

describe('progressPercent', () => {
  it('rounds to whole percents and keeps 100 for a finished transfer', () => {
    expect(progressPercent(4, 1000)).toBe(0);
    expect(progressPercent(6, 1000)).toBe(1);
    expect(progressPercent(495, 1000)).toBe(50);
    expect(progressPercent(996, 1000)).toBe(99);
    expect(progressPercent(1000, 1000)).toBe(99);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('UploadEngine', () => {
  it('registers the upload with its size, PUTs the file with progress, then confirms', async () => {
    const api = fakeApi();
    const storage = fakeStorage(async (_url, _attempt, call) => {
      call.options.onProgress(4);
      call.options.onProgress(6);
      call.options.onProgress(495);
    });
    const engine = new UploadEngine({ api, putBlob: storage.putBlob, sleep: noWait });
    const seen: string[] = [];
    engine.subscribe(() => seen.push(`${engine.getSnapshot().phase}:${engine.getSnapshot().progress}`));

    const outcome = await engine.start(file(1000), CASE_ID);

    expect(outcome).toMatchObject({ kind: 'confirmed', transferFailed: false });
    expect(api.createInputData).toHaveBeenCalledWith(
      { caseId: CASE_ID, filename: 'scan.zip', metadata: { mimeType: 'application/zip' }, size: 1000 },
      expect.any(AbortSignal),
    );
    expect(storage.calls.map((c) => [c.url, c.size, c.options.contentType])).toEqual([
      ['/put/whole', 1000, 'application/zip'],
    ]);
    expect(api.confirmUpload).toHaveBeenCalledWith(INPUT_ID);
    // Each whole percent once; the processing phase starts at 100, after the last byte.
    expect(seen).toEqual([
      'uploading:0',
      'uploading:0',
      'uploading:1',
      'uploading:50',
      'uploading:99',
      'processing:100',
      'confirmed:100',
    ]);
  });

  it('sends a large file in parts, three at a time, retrying only the part that failed', async () => {
    const api = fakeApi({ parts: { partSize: 300, urls: ['/p/1', '/p/2', '/p/3', '/p/4', '/p/5'] } });
    const storage = fakeStorage(async (url, attempt) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (url === '/p/2' && attempt === 1) throw new TransferError(0);
    });
    const wait = vi.fn<Sleep>(async () => undefined);
    const engine = new UploadEngine({ api, putBlob: storage.putBlob, sleep: wait });

    const outcome = await engine.start(file(1300), CASE_ID);

    expect(outcome.kind).toBe('confirmed');
    const attempts = (url: string) => storage.calls.filter((c) => c.url === url).length;
    expect(['/p/1', '/p/2', '/p/3', '/p/4', '/p/5'].map(attempts)).toEqual([1, 2, 1, 1, 1]);
    expect(storage.calls.filter((c) => c.url === '/p/5')[0]!.size).toBe(100);
    expect(storage.calls.every((c) => c.options.contentType === undefined)).toBe(true);
    expect(storage.peak()).toBe(3);
    expect(wait).toHaveBeenCalledWith(1000, expect.any(AbortSignal));
    expect(engine.getSnapshot()).toMatchObject({ phase: 'confirmed', progress: 100 });
  });

  it('retries a failing part four times with growing waits (5xx), then fails and still confirms', async () => {
    const api = fakeApi({}, false);
    const storage = fakeStorage(async () => {
      throw new TransferError(503);
    });
    const wait = vi.fn<Sleep>(async () => undefined);
    const engine = new UploadEngine({ api, putBlob: storage.putBlob, sleep: wait });

    const outcome = await engine.start(file(1000), CASE_ID);

    expect(outcome.kind).toBe('failed');
    expect(storage.calls).toHaveLength(5);
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 4000, 8000]);
    expect(api.confirmUpload).toHaveBeenCalledTimes(1);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'failed', progress: 0 });
    expect(engine.getSnapshot().file?.name).toBe('scan.zip');
  });

  it('does not retry a refusal (4xx); confirmation is still attempted and may find the file complete', async () => {
    const api = fakeApi({}, true);
    const storage = fakeStorage(async () => {
      throw new TransferError(403);
    });
    const engine = new UploadEngine({ api, putBlob: storage.putBlob, sleep: noWait });

    const outcome = await engine.start(file(1000), CASE_ID);

    expect(storage.calls).toHaveLength(1);
    expect(api.confirmUpload).toHaveBeenCalledWith(INPUT_ID);
    expect(outcome).toMatchObject({ kind: 'confirmed', transferFailed: true });
  });

  it('fails without confirming when the upload could not even be registered', async () => {
    const api = fakeApi();
    api.createInputData.mockRejectedValueOnce(new Error('offline'));
    const engine = new UploadEngine({ api, putBlob: fakeStorage().putBlob, sleep: noWait });

    expect(await engine.start(file(1000), CASE_ID)).toMatchObject({ kind: 'failed' });
    expect(api.confirmUpload).not.toHaveBeenCalled();
  });

  it('cancels midway: aborts every part in flight, clears the file and confirms nothing', async () => {
    const api = fakeApi({ parts: { partSize: 100, urls: ['/p/1', '/p/2', '/p/3', '/p/4'] } });
    const storage = fakeStorage(async (_url, _attempt, call) => {
      call.options.onProgress(50);
      await hangUntilAborted(call);
    });
    const engine = new UploadEngine({ api, putBlob: storage.putBlob, sleep: noWait });

    const running = engine.start(file(400), CASE_ID);
    await vi.waitFor(() => expect(storage.calls).toHaveLength(3));
    expect(engine.getSnapshot()).toMatchObject({ phase: 'uploading', progress: 38 });
    expect(engine.isBusy).toBe(true);
    engine.cancel();

    expect(await running).toEqual({ kind: 'cancelled' });
    expect(storage.calls.every((c) => c.options.signal.aborted)).toBe(true);
    expect(storage.calls).toHaveLength(3);
    expect(api.confirmUpload).not.toHaveBeenCalled();
    expect(engine.getSnapshot()).toEqual({ phase: 'cancelled', file: null, progress: 0, inputDataId: null });
    expect(engine.isBusy).toBe(false);
  });

  it('cancels while waiting to retry a part', async () => {
    const api = fakeApi();
    const storage = fakeStorage(async () => {
      throw new TransferError(0);
    });
    let waiting: (() => void) | null = null;
    const engine = new UploadEngine({
      api,
      putBlob: storage.putBlob,
      sleep: (_ms, signal) =>
        new Promise((_, reject) => {
          waiting = () => undefined;
          signal.addEventListener('abort', () => reject(abortError()));
        }),
    });
    const running = engine.start(file(1000), CASE_ID);
    await vi.waitFor(() => expect(waiting).not.toBeNull());
    engine.cancel();
    expect(await running).toEqual({ kind: 'cancelled' });
    expect(api.confirmUpload).not.toHaveBeenCalled();
  });

  it('refuses a second upload while one runs, and reset returns to choosing a file', async () => {
    const api = fakeApi();
    const storage = fakeStorage(async (_url, _attempt, call) => hangUntilAborted(call));
    const engine = new UploadEngine({ api, putBlob: storage.putBlob, sleep: noWait });
    const running = engine.start(file(1000), CASE_ID);
    await expect(engine.start(file(1000), CASE_ID)).rejects.toThrow('already running');
    engine.reset();
    expect(engine.getSnapshot().phase).toBe('uploading');
    engine.cancel();
    await running;
    engine.reset();
    expect(engine.getSnapshot().phase).toBe('idle');
  });
});
