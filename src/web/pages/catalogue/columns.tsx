import type { TFunction } from 'i18next';
import type { ClassifierRow, EnterpriseBenefitRow, GoodsBenefitRow } from '../../api/lgota';
import type { Column } from '../../ui';
import type { TabKind } from './tabs';
import type { BenefitCodes } from './useCatalogueUrl';

// Table columns per tab kind (spec §2): a row-number column, then the list's own fields.

const DATE_PATTERN: Record<string, (y: string, m: string, d: string) => string> = {
  ru: (y, m, d) => `${d}.${m}.${y}`,
  uz: (y, m, d) => `${d}/${m}/${y}`,
  en: (y, m, d) => `${m}/${d}/${y}`,
};

export function formatIsoDate(iso: string, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return (DATE_PATTERN[lang] ?? DATE_PATTERN.ru)(m[1], m[2], m[3]);
}

export function columnsFor(
  kind: TabKind,
  firstNumber: number,
  t: TFunction,
  lang: string,
  codes: BenefitCodes = 'new',
): Column<any>[] {
  const number: Column<unknown> = {
    key: 'number',
    header: t('page.columns.number'),
    numeric: true,
    width: '3.5rem',
    cell: (_row, i) => firstNumber + i,
  };
  const code: Column<GoodsBenefitRow | ClassifierRow> = {
    key: 'catalogCode',
    header: t('page.columns.catalogCode'),
    cell: (r) => <span className="cat-code">{r.catalogCode}</span>,
  };
  const name: Column<GoodsBenefitRow | ClassifierRow> = {
    key: 'catalogName',
    header: t('page.columns.catalogName'),
    cell: (r) => r.catalogName,
  };
  const benefitCode: Column<GoodsBenefitRow | EnterpriseBenefitRow> =
    codes === 'old'
      ? {
          key: 'lgotaId',
          header: t('page.columns.oldLgotaId'),
          cell: (r) =>
            r.lgotaId ? (
              <span className="cat-code">{r.lgotaId}</span>
            ) : (
              <span className="muted">{t('page.columns.noOldCode')}</span>
            ),
        }
      : {
          key: 'newLgotaId',
          header: t('page.columns.newLgotaId'),
          cell: (r) => <span className="cat-code">{r.newLgotaId}</span>,
        };
  const benefit: Column<GoodsBenefitRow | EnterpriseBenefitRow> = {
    key: 'lgotaName',
    header: t('page.columns.lgotaName'),
    cell: (r) => r.lgotaName,
  };
  if (kind === 'goods') return [number, code, name, benefitCode, benefit];
  if (kind === 'classifier') return [number, code, name];
  const e = (c: Column<EnterpriseBenefitRow>) => c;
  return [
    number,
    e({ key: 'name', header: t('page.columns.name'), cell: (r) => r.name }),
    e({ key: 'tin', header: t('page.columns.tin'), cell: (r) => <span className="cat-code">{r.tin}</span> }),
    benefitCode,
    benefit,
    e({
      key: 'dateBegin',
      header: t('page.columns.dateBegin'),
      cell: (r) => <time dateTime={r.dateBegin}>{formatIsoDate(r.dateBegin, lang)}</time>,
    }),
    e({
      key: 'dateEnd',
      header: t('page.columns.dateEnd'),
      cell: (r) =>
        r.dateEnd ? (
          <time dateTime={r.dateEnd}>{formatIsoDate(r.dateEnd, lang)}</time>
        ) : (
          <span className="muted">{t('page.columns.noEnd')}</span>
        ),
    }),
  ];
}

export function rowKeyFor(kind: TabKind) {
  return (row: any, i: number): string => {
    if (kind === 'enterprises') return `${row.tin}|${row.newLgotaId}|${row.dateBegin}`;
    if (kind === 'goods') return `${row.catalogCode}|${row.newLgotaId}`;
    return row.catalogCode ?? String(i);
  };
}
