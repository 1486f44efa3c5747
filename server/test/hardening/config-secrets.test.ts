import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openPostgres } from '../../src/db/client.ts';
import { databaseStartError } from '../../src/db/start-error.ts';

/** Issue 22 §1 Low: a mistyped DATABASE_URL/SMTP_URL never prints its password. */
describe('connection strings in errors', () => {
  it('a configuration error echoes the URL without its password', () => {
    let error: unknown;
    try {
      loadConfig({
        DATABASE_URL: 'postgress://cardiomap:db-s3cret@db:5432/cm',
        SMTP_URL: 'smpt://mail:smtp-s3cret@mx:25',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('cardiomap:[hidden]@db');
    expect(message).not.toContain('db-s3cret');
    expect(message).not.toContain('smtp-s3cret');
  });

  it('an unreachable database at start is one line without the password', async () => {
    const url = 'postgres://cardiomap:db-s3cret@127.0.0.1:1/cm';
    const database = await openPostgres(url, 1);
    const error = await database.query('SELECT 1').catch((e: unknown) => e);
    await database.close().catch(() => undefined);
    const line = databaseStartError(error, url);
    expect(line).toMatch(/^Cannot open postgres:\/\/cardiomap:\[hidden\]@127\.0\.0\.1:1\/cm: .*ECONNREFUSED/);
    expect(line).not.toContain('\n');
    expect(line).not.toContain('db-s3cret');
  });
});
