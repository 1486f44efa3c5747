import type { TestApp } from './test-app.ts';

export interface OutboxRow {
  subject: string;
  text: string;
  html: string;
}

/**
 * The mail enqueued for `email`, oldest first. The tests run without workers, so every row stays in the
 * outbox with its body, exactly as the workers would send it.
 */
export const outboxTo = (t: TestApp, email: string) =>
  t.database.query<OutboxRow>(
    `SELECT subject, text_body AS text, html_body AS html FROM mail_outbox
      WHERE recipient = $1 ORDER BY date_created, id`,
    [email],
  );

export const lastMailTo = async (t: TestApp, email: string): Promise<OutboxRow | undefined> =>
  (await outboxTo(t, email)).at(-1);
