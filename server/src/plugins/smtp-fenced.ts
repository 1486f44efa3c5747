import { Readable } from 'node:stream';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

/**
 * The message's bytes, then `commit`, then the end of the stream. SMTP writes the terminating "." only
 * on the end, so a failed commit leaves the server an unfinished message, which it discards.
 */
function fencedStream(bytes: Buffer, commit: () => Promise<void>): Readable {
  let phase: 'body' | 'commit' | 'done' = 'body';
  return new Readable({
    read() {
      if (phase === 'body') {
        phase = 'commit';
        this.push(bytes);
        return;
      }
      if (phase !== 'commit') return;
      phase = 'done';
      commit().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}

const call = <T = void>(run: (done: (error?: Error | null, value?: T) => void) => void): Promise<T> =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

/**
 * One message over one SMTP connection, with `commit` run just before the final ".". Not nodemailer's
 * transport: it reads a message stream into its own buffers before the envelope is even sent, so a
 * fence inside the stream would run too early. Here the stream is read only once the server has said
 * "354 go ahead" (SMTPConnection pipes it into the DATA phase then).
 */
export async function sendFenced(
  url: string,
  envelope: { from: string; to: string[] },
  bytes: Buffer,
  commit: () => Promise<void>,
): Promise<void> {
  const options = parseConnectionUrl(url);
  const connection = new SMTPConnection({
    ...options,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  // A failure of the connection itself (refused, reset, timed out) arrives only as an 'error' event:
  // connect's and login's callbacks are never called then. Each step is raced with it, or a send to a
  // mail server that is down would never end (and hold its worker's slot for good).
  const lost = new Promise<never>((_, reject) => connection.on('error', reject));
  // Marks the rejection handled: it is raced with each step below, which report it.
  lost.catch(() => undefined);
  const step = (run: Parameters<typeof call>[0]) => Promise.race([call(run), lost]);
  try {
    await step((done) => connection.connect(() => done()));
    if (options.auth)
      await step((done) => connection.login(options.auth as SMTPConnection.Credentials, (error) => done(error)));
    await step((done) => connection.send(envelope, fencedStream(bytes, commit), (error) => done(error)));
    connection.quit();
  } catch (error) {
    connection.close();
    throw error;
  }
}
