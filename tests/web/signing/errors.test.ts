import { describe, expect, it } from 'vitest';
import { EimzoError, errorFromReply, isSilentSigningError } from '../../../src/web/signing/errors';

describe('plug-in refusals', () => {
  it('maps a cancelled password dialog to cancelled (4001)', () => {
    const error = errorFromReply({ success: false, status: -5000, reason: 'Ввод пароля отменен' } as never);
    expect(error.kind).toBe('cancelled');
    expect(error.code).toBe(4001);
  });

  it('maps a wrong key password to wrongPassword (4003)', () => {
    const error = errorFromReply({
      status: -9999,
      reason: 'Пароль ключа неверный. (javax.crypto.BadPaddingException: pad block corrupted)',
    });
    expect(error.kind).toBe('wrongPassword');
    expect(error.code).toBe(4003);
  });

  it('maps API key refusals and keeps other reasons', () => {
    expect(errorFromReply({ status: -1022, reason: 'API-key для домена x недействителен.' }).kind).toBe(
      'apiKeyInvalid',
    );
    const other = errorFromReply({ status: -2006, reason: 'Сертификат с именем [x] не найден' });
    expect(other).toMatchObject({
      kind: 'plugin',
      message: 'Сертификат с именем [x] не найден',
      status: -2006,
    });
  });

  it('silences only plug-in reasons that name the signing provider', () => {
    expect(
      isSilentSigningError(new EimzoError('plugin', 'Функция не найдена или версия E-IMZO устарела.')),
    ).toBe(true);
    expect(isSilentSigningError(new EimzoError('plugin', 'Диск не найден'))).toBe(false);
    expect(isSilentSigningError(new EimzoError('notRunning', 'E-IMZO connection failed'))).toBe(false);
  });
});
