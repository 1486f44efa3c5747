import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as the server accepted it (headers and MIME parts). */
  data: string;
}

/** A received message as text: quoted-printable soft breaks and `=3D` undone, so links read whole. */
export const plainMessage = (data: string): string => data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** What the peer does with one message; unset: accept it at once. */
export type PeerBehaviour =
  | { kind: 'accept' }
  /** Holds RCPT TO unanswered until released: the client is stuck mid-send, before the message. */
  | { kind: 'stall-at-rcpt'; reached: () => void; release: Promise<void> }
  /** Reads the whole message, then holds the answer until released: the client handed it over. */
  | { kind: 'stall-after-data'; reached: () => void; release: Promise<void> }
  /** Refuses the recipient with this SMTP code. */
  | { kind: 'refuse'; code: number };

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that records every message it accepted,
 * i.e. answered 250 after the final ".". Behaviours are taken in order, one per connection.
 */
export class SmtpPeer {
  readonly received: ReceivedMail[] = [];
  /** Sessions that ended (a client's connection closed), by id. */
  readonly closed = new Set<string>();
  private readonly behaviours: PeerBehaviour[] = [];
  private readonly bySession = new Map<string, PeerBehaviour>();
  private readonly closeWaiters = new Map<string, () => void>();
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (session, callback) => {
        this.bySession.set(session.id, this.behaviours.shift() ?? { kind: 'accept' });
        callback();
      },
      onRcptTo: (_address, session, callback) => {
        const behaviour = this.behaviourOf(session);
        if (behaviour.kind === 'refuse') {
          const error = Object.assign(new Error('Refused by the test peer'), { responseCode: behaviour.code });
          callback(error);
          return;
        }
        if (behaviour.kind === 'stall-at-rcpt') {
          behaviour.reached();
          void behaviour.release.then(() => callback());
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const behaviour = this.behaviourOf(session);
          const accept = () => {
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              data: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          };
          if (behaviour.kind === 'stall-after-data') {
            behaviour.reached();
            void behaviour.release.then(accept);
            return;
          }
          accept();
        });
      },
      onClose: (session) => {
        this.closed.add(session.id);
        this.closeWaiters.get(session.id)?.();
      },
    });
  }

  private behaviourOf(session: SMTPServerSession): PeerBehaviour {
    return this.bySession.get(session.id) ?? { kind: 'accept' };
  }

  /** The next connection behaves so; later ones accept. */
  next(behaviour: PeerBehaviour): void {
    this.behaviours.push(behaviour);
  }

  /** A stall and the functions to wait for it and to end it. */
  static stall(kind: 'stall-at-rcpt' | 'stall-after-data') {
    let reached!: () => void;
    let release!: () => void;
    const reachedPromise = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const releasePromise = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { behaviour: { kind, reached, release: releasePromise } as PeerBehaviour, reached: reachedPromise, release };
  }

  /** Ids of the sessions the peer has seen, oldest first. */
  sessions(): string[] {
    return [...this.bySession.keys()];
  }

  /** Resolves when the session's connection has closed. */
  whenClosed(sessionId: string): Promise<void> {
    if (this.closed.has(sessionId)) return Promise.resolve();
    return new Promise((resolve) => this.closeWaiters.set(sessionId, resolve));
  }

  /** A peer started and stopped again: its url names a port where a mail server was and is no more (refused). */
  static async gone(): Promise<SmtpPeer> {
    const peer = new SmtpPeer();
    await peer.start();
    await peer.stop();
    return peer;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** On `port` (0: any free one); a given port lets a test bring a stopped mail server back where it was. */
  async start(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
