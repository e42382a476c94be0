// Status codes and reason texts of the real plug-in (reference/eimzo.md §2.3), Russian as it answers.

export const STATUS = {
  OK: 1,
  FUNCTION_NOT_FOUND: 0,
  BAD_PATH: -1002,
  KEY_NOT_FOUND: -1010,
  PFX_KEY_ID_NOT_FOUND: -1014,
  KEY_ID_NOT_SUPPORTED: -1015,
  API_KEY_INVALID: -1020,
  DOMAIN_UNKNOWN: -1021,
  ORIGIN_NOT_ALLOWED: -1022,
  PFX_FILE_NOT_FOUND: -2002,
  ALIAS_NOT_FOUND: -2006,
  DISK_NOT_FOUND: -2011,
  PASSWORD_CANCELLED: -5000,
  RUNTIME_ERROR: -9999,
} as const;

export const REASON = {
  functionNotFound: 'Функция не найдена или версия E-IMZO устарела. Обновите E-IMZO.',
  badPath: 'Неверный параметр path',
  keyNotFound: 'Ключ по идентификатору не найден',
  keyIdNotFound: (type: string) => `Идентификатор ключа типа '${type}' не найден`,
  keyIdNotSupported: 'Идентификатор ключа не поддерживается',
  apiKeyInvalid: (domain: string) => `API-key для домена ${domain} недействителен.`,
  domainUnknown: 'Не удалось идентифицировать домен.',
  fileNotFound: (file: string) => `Файл ключа не найден: ${file}`,
  aliasNotFound: (alias: string, file: string) =>
    `Сертификат с именем [${alias}] не найден в PFX-файле ${file}`,
  diskNotFound: 'Диск не найден',
  passwordCancelled: 'Ввод пароля отменен',
  /** Wording of older plug-ins; clients recognise a wrong password by it (eimzo.md §2.3). */
  wrongPassword: 'Пароль ключа неверный. (javax.crypto.BadPaddingException: pad block corrupted)',
  badData: 'Неверные данные: ожидается Base64',
} as const;

export interface Reply {
  success: boolean;
  status: number;
  reason?: string;
  [field: string]: unknown;
}

export const ok = (fields: Record<string, unknown> = {}): Reply => ({
  success: true,
  status: STATUS.OK,
  ...fields,
});
export const fail = (status: number, reason: string): Reply => ({ success: false, status, reason });
