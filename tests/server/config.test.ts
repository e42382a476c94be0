import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { pickLanguage } from '../../src/server/i18n';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '1.0.0', '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/.data',
      databaseUrl: null,
      demo: true,
      logLevel: 'info',
    });
  });
  const secret = 'x'.repeat(40);
  it('turns demo off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }, '1').demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DEMO: 'on' }, '1').demo).toBe(true);
    expect(loadConfig({ DEMO: 'off' }, '1').demo).toBe(false);
  });
  it('requires a real token secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, '1')).toThrow(/JWT_SECRET must be set/);
  });
  it('serves the built app from WEB_ROOT', () => {
    expect(loadConfig({}, '1', '/srv/app').webRoot).toBe('/srv/app/dist');
    expect(loadConfig({ WEB_ROOT: '/tmp/build' }, '1', '/srv/app').webRoot).toBe('/tmp/build');
  });
  it('accepts postgres URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d' }, '1').databaseUrl).toBe(
      'postgres://u@h:5432/d',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/d' }, '1').databaseUrl).toBe('postgresql://u@h/d');
  });
  it('reads the operator credentials key as 64 hex digits or Base64, never echoing a bad one', () => {
    const hex = 'ab'.repeat(32);
    expect(Buffer.from(loadConfig({ OPERATOR_CREDENTIALS_KEY: hex }, '1').operatorCredentialsKey!)).toEqual(
      Buffer.from(hex, 'hex'),
    );
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ OPERATOR_CREDENTIALS_KEY: b64 }, '1').operatorCredentialsKey?.length).toBe(32);
    expect(loadConfig({}, '1').operatorCredentialsKey).toBeNull();
    expect(() => loadConfig({ OPERATOR_CREDENTIALS_KEY: 'short-secret-value' }, '1')).toThrow(
      /^OPERATOR_CREDENTIALS_KEY must be 32 random bytes[\s\S]*\(openssl rand -hex 32\)$/,
    );
  });
  it.each([
    [{ PORT: 'eighty' }, /PORT must be a number/],
    [{ PORT: '70000' }, /PORT must be a number/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [{ DATABASE_URL: 'mysql://h/d' }, /must start with postgres/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ DEMO: 'maybe' }, /DEMO must be on or off/],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv, '1')).toThrow(ConfigError);
    expect(() => loadConfig(env as NodeJS.ProcessEnv, '1')).toThrow(message);
  });
});

describe('pickLanguage', () => {
  it('picks by quality among ru, uz and en, ru otherwise', () => {
    expect(pickLanguage('uz-UZ,uz;q=0.9')).toBe('uz');
    expect(pickLanguage('de-DE, en;q=0.5, ru;q=0.7')).toBe('ru');
    expect(pickLanguage('en;q=0.2, uz;q=0.9')).toBe('uz');
    expect(pickLanguage('fr')).toBe('ru');
    expect(pickLanguage('')).toBe('ru');
    expect(pickLanguage(undefined)).toBe('ru');
    expect(pickLanguage('en;q=0')).toBe('ru');
  });
});
