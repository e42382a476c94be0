import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sumInWords } from '../../../engine/words';
import { readField, toDecimal } from '../engine';
import { formatDate, formatDecimal, type Lang, langOf } from '../format';
import { labelText } from '../theme/labels';
import { buildPrintModel, type PrintField, type PrintTable, resolveSchema, type Schema } from './printModel';
import './print.css';

export interface PrintSignature {
  party: string;
  owner: string;
  serialNumber: string;
  signedAt: string;
}

export interface PrintDocumentProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  titleKey: string;
  data: Record<string, unknown>;
  /** The stored document's id: only then is there a QR code (to the document's page). */
  documentId?: string;
  /** Signatures made in the exchange; until then the block stays empty for it to fill. */
  signatures?: PrintSignature[];
}

const isIsoDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * A value as one line of text. A block's fields are named by their titles in the language (its
 * schema, resolved against `root`, says which); without a schema, by their keys.
 */
function plain(value: unknown, lang: Lang, t: TFunction, schema?: Schema, root?: Schema): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? t('form:yes') : t('form:no');
  if (isIsoDate(value)) return formatDate(value, lang);
  if (typeof value === 'number') return formatDecimal(value, lang);
  const sub = (node: unknown) => (node && root ? resolveSchema(node, root) : undefined);
  if (Array.isArray(value)) {
    const items = sub(schema?.items);
    return value.map((v) => plain(v, lang, t, items, root)).join(', ');
  }
  if (typeof value === 'object') {
    const properties = (schema?.properties ?? {}) as Record<string, Schema>;
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => {
        const title = labelText(t, properties[k]?.title as string | undefined) || k;
        return `${title}: ${plain(v, lang, t, sub(properties[k]), root)}`;
      })
      .join('; ');
  }
  return String(value);
}

/** A field's printed text: its option's name where the UI schema names the options, else its value. */
function fieldText(field: PrintField, lang: Lang, t: TFunction, root: Schema): string {
  const options = field.schema?.enum;
  const index = Array.isArray(options) ? options.indexOf(field.value as never) : -1;
  const key = (field.ui?.['ui:enumNames'] as string[] | undefined)?.[index];
  return key ? labelText(t, key) : plain(field.value, lang, t, field.schema, root);
}

function QrCode({ documentId }: { documentId: string }) {
  const { t } = useTranslation('form');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(`${location.origin}/documents/${encodeURIComponent(documentId)}`, {
      margin: 1,
      width: 112,
    }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [documentId]);
  return src ? (
    <img className="print-qr" src={src} alt={t('print.qr', { id: documentId })} width={112} height={112} />
  ) : null;
}

function Table({ table, lang, root }: { table: PrintTable; lang: Lang; root: Schema }) {
  const { t } = useTranslation(['form', 'forms']);
  const properties = (table.lineSchema.properties ?? {}) as Record<string, Schema>;
  const columns = (table.options.columns ?? Object.keys(properties)).filter(
    (name) => name !== 'OrdNo' && readField(properties, name.split('/')[0]) !== undefined,
  );
  // A column's schema by its slash path ("Vat/Rate"): the raw node (its title) and the node it
  // refers to (its enum: a rate is a $ref to defs/vatRate.json).
  const columnSchema = (name: string) => {
    let raw: Schema | undefined;
    let node: Schema | undefined = table.lineSchema;
    for (const part of name.split('/')) {
      raw = (node?.properties as Record<string, Schema> | undefined)?.[part];
      node = raw ? resolveSchema(raw, root) : undefined;
    }
    return { raw, node };
  };
  const titleOf = (name: string) => {
    const { raw, node } = columnSchema(name);
    return labelText(t, (raw?.title as string | undefined) ?? (node?.title as string | undefined) ?? name);
  };
  const optionLabel = (name: string, value: unknown) => {
    const schema = columnSchema(name).node;
    const index = Array.isArray(schema?.enum) ? (schema.enum as unknown[]).indexOf(value) : -1;
    const key = table.options.enumNames?.[name]?.[index];
    return key ? labelText(t, key) : undefined;
  };
  const sums = Object.keys(table.options.totals ?? {});
  const totals = Object.fromEntries(
    sums.map((field) => [
      field,
      table.rows.reduce((acc, row) => acc.plus(toDecimal(readField(row, field))), toDecimal(0)),
    ]),
  );
  const words = table.options.wordsOf && totals[table.options.wordsOf];
  const firstSum = columns.findIndex((c) => sums.includes(c));
  return (
    <section className="print-table-block">
      <table className="print-table">
        <thead>
          <tr>
            <th scope="col">№</th>
            {columns.map((name) => (
              <th key={name} scope="col">
                {titleOf(name)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a printed line is its position; rows never move here
            <tr key={i}>
              <td className="num">{i + 1}</td>
              {columns.map((name) => {
                const value = readField(row, name);
                const label = optionLabel(name, value);
                const isNumber = typeof value === 'number' && !label;
                return (
                  <td key={name} className={isNumber ? 'num' : undefined}>
                    {label ??
                      (isNumber
                        ? formatDecimal(value, lang, sums.includes(name) ? 2 : undefined)
                        : plain(value, lang, t))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {sums.length > 0 && firstSum >= 0 && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={firstSum + 1}>
                {t('form:productTable.totals')}
              </th>
              {columns.slice(firstSum).map((name) => (
                <td key={name} className="num" data-print-total={sums.includes(name) ? name : undefined}>
                  {sums.includes(name) ? formatDecimal(totals[name].toFixed(2), lang, 2) : ''}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
      {words && (
        <p className="print-words" data-testid="sum-in-words">
          {t('form:print.inWords')}: <strong>{sumInWords(words.toFixed(2), lang)}</strong>
        </p>
      )}
    </section>
  );
}

/**
 * The legal printed form from the same schema (DESIGN §7): title, number and date, parties, product
 * tables with totals and the sum in words, the remaining details, the signatures block and — only for
 * a stored document — its QR code. Print CSS lays it out on A4.
 */
export function PrintDocument({
  schema,
  uiSchema,
  titleKey,
  data,
  documentId,
  signatures = [],
}: PrintDocumentProps) {
  const { t, i18n } = useTranslation(['form', 'forms', 'documents']);
  const lang = langOf(i18n.language);
  const model = useMemo(() => buildPrintModel(schema as Schema, uiSchema, data), [schema, uiSchema, data]);
  const title = labelText(t, titleKey);
  return (
    <article className="print-doc" aria-label={title}>
      <header className="print-head">
        <div>
          <h2 className="print-title">{title}</h2>
          <p className="print-number">
            {t('form:print.numberDate', {
              number: model.number ? String(model.number) : '—',
              date: model.date ? formatDate(model.date, lang) : '—',
            })}
          </p>
          {model.contract && (model.contract.number || model.contract.date) ? (
            <p className="print-contract">
              {t('form:print.contract', {
                number: String(model.contract.number ?? '—'),
                date: model.contract.date ? formatDate(model.contract.date, lang) : '—',
              })}
            </p>
          ) : null}
        </div>
        {documentId && <QrCode documentId={documentId} />}
      </header>

      {model.parties.length > 0 && (
        <section className="print-parties">
          {model.parties.map((party) => (
            <div key={party.key} className="print-party">
              <h3>{labelText(t, party.titleKey) || party.key}</h3>
              <dl>
                {party.tin && (
                  <>
                    <dt>{t('form:print.tin')}</dt>
                    <dd>{party.tin}</dd>
                  </>
                )}
                {party.fields.map((field) => (
                  <div key={field.name} className="print-pair">
                    <dt>{labelText(t, field.titleKey) || field.name}</dt>
                    <dd>{fieldText(field, lang, t, schema as Schema)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      )}

      {model.tables.map((table) => (
        <Table key={table.path} table={table} lang={lang} root={schema as Schema} />
      ))}

      {model.details.length > 0 && (
        <section className="print-details">
          <dl>
            {model.details.map((detail) => (
              <div key={detail.name} className="print-pair">
                <dt>{labelText(t, detail.titleKey) || detail.name}</dt>
                <dd>{fieldText(detail, lang, t, schema as Schema)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <section className="print-signatures" aria-label={t('form:print.signatures')}>
        {(model.parties.length > 0
          ? model.parties.slice(0, 2)
          : [{ key: 'signer', titleKey: undefined }]
        ).map((party) => {
          const signed = signatures.find((s) => s.party === party.key);
          const full = model.parties.find((p) => p.key === party.key);
          return (
            <div key={party.key} className="print-signature">
              <h3>{labelText(t, party.titleKey) || t('form:print.signer')}</h3>
              <p>
                {t('form:print.director')}: <span className="print-line" /> {full?.director ?? ''}
              </p>
              {full?.accountant !== undefined && (
                <p>
                  {t('form:print.accountant')}: <span className="print-line" /> {full.accountant}
                </p>
              )}
              <div className="print-esign">
                {signed ? (
                  <>
                    <div>{t('form:print.signedBy', { owner: signed.owner })}</div>
                    <div>{t('form:print.serial', { serial: signed.serialNumber })}</div>
                    <div>{t('form:print.signedAt', { at: signed.signedAt })}</div>
                  </>
                ) : (
                  <span className="print-esign-empty">{t('form:print.esignPending')}</span>
                )}
              </div>
            </div>
          );
        })}
      </section>
    </article>
  );
}
