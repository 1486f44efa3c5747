import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from '../../src/config.ts';

describe('loadConfig', () => {
  it('gives every setting an embedded default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.storageUrl).toBe(`file://${config.dataDir}/objects`);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.embedOrigins).toEqual([]);
    expect(config.demoPassword).toBe(DEFAULT_DEMO_PASSWORD);
    expect(config.volumeDeflateLevel).toBe(1);
    expect(DEFAULT_DEMO_PASSWORD.length).toBeGreaterThanOrEqual(15);
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/cm',
      DATABASE_URL: 'postgres://u@h:5432/db',
      SMTP_URL: 'smtp://mail.example.org:25',
      PUBLIC_URL: 'https://cardiomap.example.org/',
      EMBED_ORIGINS: 'https://a.example.org, https://b.example.org:8443',
      DEMO_PASSWORD: 'a-long-enough-password',
      VOLUME_DEFLATE_LEVEL: '0',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/cm',
      databaseUrl: 'postgres://u@h:5432/db',
      smtpUrl: 'smtp://mail.example.org:25',
      publicUrl: 'https://cardiomap.example.org',
      embedOrigins: ['https://a.example.org', 'https://b.example.org:8443'],
      demoPassword: 'a-long-enough-password',
      volumeDeflateLevel: 0,
    });
  });

  it('reports one clear line per bad value', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        EMBED_ORIGINS: 'https://ok.org/path',
        DEMO_PASSWORD: 'short',
        VOLUME_DEFLATE_LEVEL: '10',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('whole number');
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toContain('postgres://');
    expect(problems.find((p) => p.startsWith('EMBED_ORIGINS:'))).toContain('no path');
    expect(problems.find((p) => p.startsWith('DEMO_PASSWORD:'))).toContain('15');
    expect(problems.find((p) => p.startsWith('VOLUME_DEFLATE_LEVEL:'))).toContain('0 to 9');
    expect((error as Error).message).not.toContain('short"'.repeat(2));
  });
});
