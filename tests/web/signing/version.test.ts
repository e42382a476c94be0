import { describe, expect, it } from 'vitest';
import { checkVersion, versionNumber } from '../../../src/web/signing/version';

describe('plug-in version check (minimum 3.36)', () => {
  it('compares major*100 + minor from the string fields', () => {
    expect(versionNumber({ major: '6', minor: '4' })).toBe(604);
    expect(checkVersion({ major: '6', minor: '4', patch: '7' })).toEqual({ ok: true, version: '6.4.7' });
    expect(checkVersion({ major: '3', minor: '36' })).toEqual({ ok: true, version: '3.36' });
  });

  it('asks for a new version below 3.36', () => {
    expect(checkVersion({ major: '3', minor: '35' })).toEqual({
      ok: false,
      reason: 'tooOld',
      version: '3.35',
    });
    expect(checkVersion({ major: '2', minor: '99' })).toMatchObject({ ok: false, reason: 'tooOld' });
  });

  it('reports an undefined version when a field is missing', () => {
    expect(checkVersion({ major: '6' })).toEqual({ ok: false, reason: 'undefined' });
    expect(checkVersion({})).toEqual({ ok: false, reason: 'undefined' });
  });
});
