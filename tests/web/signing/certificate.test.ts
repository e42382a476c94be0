import { describe, expect, it } from 'vitest';
import {
  aliasValue,
  certificateFromPfx,
  certificateFromToken,
  certificateLabel,
  isExpired,
  parseAlias,
  uniqueSortedCertificates,
} from '../../../src/web/signing/certificate';

// The alias published in reference/eimzo.md §4.2 (placeholder personal data, as Didox shows it).
const ORG_ALIAS =
  'cn=fio,name=имя,surname=фамилия,l=район,st=город,c=uz,o=название компании,uid=324543543,1.2.860.3.16.1.2=32610793225581,t=direktor,1.2.860.3.16.1.1=242141224,businesscategory=masʼuliyati cheklangan jamiyat,serialnumber=71c4eb12,validfrom=2022.04.25 17:42:58,validto=2024.04.25 23:59:59';
const PERSON_ALIAS =
  'cn=rahimov jasur,name=jasur,surname=rahimov,l=yunusobod,st=toshkent,c=uz,o=не указано,uid=412000009,1.2.860.3.16.1.2=31707920456784,serialnumber=0a1b,validfrom=2025.01.01 00:00:00,validto=2099.12.31 23:59:59';

const pfx = (alias: string, name = 'DS1') => ({ disk: 'C:\\', path: 'DSKEYS', name, alias });

describe('alias parsing', () => {
  it('reads an organisation key like the official client: upper-cased, legal TIN first', () => {
    const fields = parseAlias(ORG_ALIAS);
    expect(fields).toMatchObject({
      serialNumber: '71C4EB12',
      CN: 'FIO',
      TIN: '242141224',
      UID: '324543543',
      PINFL: '32610793225581',
      O: 'НАЗВАНИЕ КОМПАНИИ',
      T: 'DIREKTOR',
    });
    // Local time, as the plug-in writes it.
    expect(fields.validFrom).toEqual(new Date(2022, 3, 25, 17, 42, 58));
    expect(fields.validTo).toEqual(new Date(2024, 3, 25, 23, 59, 59));
  });

  it('falls back to the personal TIN (UID) when there is no legal TIN', () => {
    expect(parseAlias(PERSON_ALIAS)).toMatchObject({
      TIN: '412000009',
      UID: '412000009',
      PINFL: '31707920456784',
      O: 'НЕ УКАЗАНО',
    });
  });

  it('keeps commas inside values and does not confuse O with OU', () => {
    const x = 'CN=A, B,OU=DEPT,O=ACME, LLC,SERIALNUMBER=1';
    expect(aliasValue(x, 'CN')).toBe('A, B');
    expect(aliasValue(x, 'O')).toBe('ACME, LLC');
    expect(aliasValue(x, 'OU')).toBe('DEPT');
    expect(aliasValue(x, 'T')).toBe('');
  });

  it('skips a key with neither TIN nor PINFL', () => {
    expect(
      certificateFromPfx(
        pfx('cn=test key,o=hujjat,serialnumber=ff,validfrom=2025.01.01 00:00:00,validto=2099.01.01 00:00:00'),
      ),
    ).toBeNull();
    expect(certificateFromPfx(pfx(ORG_ALIAS))).toMatchObject({
      type: 'pfx',
      disk: 'C:\\',
      path: 'DSKEYS',
      name: 'DS1',
      alias: ORG_ALIAS,
    });
  });

  it('reads a token entry from its info with the token fields', () => {
    const cert = certificateFromToken({
      cardUID: 'CARD1',
      statusInfo: 'OK',
      ownerName: 'OWNER',
      info: ORG_ALIAS.replace(/validto=[^,]+$/, 'validto=2099-01-01T00:00:00'),
    });
    expect(cert).toMatchObject({
      type: 'ftjc',
      cardUID: 'CARD1',
      statusInfo: 'OK',
      ownerName: 'OWNER',
      TIN: '242141224',
    });
  });
});

describe('certificate list', () => {
  it('is expired when validTo is before now', () => {
    const now = new Date(2024, 5, 1);
    expect(isExpired({ validTo: new Date(2024, 4, 31) }, now)).toBe(true);
    expect(isExpired({ validTo: new Date(2024, 5, 2) }, now)).toBe(false);
  });

  it('removes duplicates by serial number and sorts by TIN', () => {
    const a = certificateFromPfx(pfx(ORG_ALIAS, 'A'))!;
    const sameOnToken = { ...a, type: 'ftjc' as const, name: 'CARD' };
    const b = certificateFromPfx(pfx(PERSON_ALIAS, 'B'))!;
    const list = uniqueSortedCertificates([b, a, sameOnToken]);
    expect(list.map((c) => c.name)).toEqual(['A', 'B']);
    expect(certificateLabel(list[0])).toBe('(242141224) FIO');
  });
});
