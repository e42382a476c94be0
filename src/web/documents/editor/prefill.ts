import { tashkentDay } from '../../../engine/keywords/dates';
import { getLifecycle, hasLifecycle, readOne } from '../../../engine/lifecycle';
import { mergeParty } from '../../form/widgets/partyLookup';
import { resolve, type Schema, schemaAt, typesOf } from './schemaAt';

// What a new document knows before the person types: the maker is the sender (its TIN or PINFL and
// the requisites the server keeps for it), the document is dated today. Read through the kind's
// life cycle (where the sender and the date are), never by kind.

type Content = Record<string, unknown>;

const parent = (pointer: string) => pointer.split('/').slice(0, -1).join('/');
const last = (pointer: string) => pointer.split('/').pop() as string;

/** A copy with the value at the pointer set, creating objects on the way (null ones too). */
export function writeDeep(content: Content, pointer: string, value: unknown): Content {
  const steps = pointer.split('/').slice(1);
  const copy = structuredClone(content);
  let node: Content = copy;
  for (const step of steps.slice(0, -1)) {
    const child = node[step];
    if (child === null || typeof child !== 'object' || Array.isArray(child)) node[step] = {};
    node = node[step] as Content;
  }
  node[steps[steps.length - 1]] = value;
  return copy;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Whether a field's schema takes a value of this JSON type (integer counts as a number). */
function takes(schema: Schema | undefined, value: unknown): boolean {
  const types = typesOf(schema);
  if (types.length === 0) return true;
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (type === 'number')
    return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
  return types.includes(type);
}

/** Whether the schema at the pointer accepts the value's form (a PINFL-only field takes no TIN). */
function fits(schema: Schema | undefined, value: string): boolean {
  if (!schema) return false;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) return false;
  if (schema.tin && value.length !== 9) return false;
  if (schema.pinfl && value.length !== 14) return false;
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
  return true;
}

/** Today in Tashkent, the organisation's day (a browser elsewhere would date a document ahead). */
export const todayIso = (now = new Date()) => tashkentDay(now);

/**
 * The sender's identity, name and requisites (`own`: DocumentOrganization/getOrgInfo, party fields in
 * national names) and today's date, where the content has none yet.
 */
export function prefillNew(
  kind: string,
  schema: Schema,
  content: Content,
  own: Record<string, unknown> | null,
  identity: string | null,
  today = todayIso(),
): Content {
  if (!hasLifecycle(kind)) return content;
  const lifecycle = getLifecycle(kind);
  let next = content;
  const date = lifecycle.document.date;
  if (isEmpty(readOne(next, date))) next = writeDeep(next, date, today);
  // The subtype starts at the kind's first one (the standard invoice, waybill …).
  const type = lifecycle.document.type;
  const types = type ? schemaAt(schema, type)?.enum : undefined;
  if (type && Array.isArray(types) && types.length && isEmpty(readOne(next, type)))
    next = writeDeep(next, type, types[0]);
  const sender = lifecycle.parties.sender;
  if (
    identity &&
    isEmpty(readOne(next, sender.identity)) &&
    fits(schemaAt(schema, sender.identity), identity)
  )
    next = writeDeep(next, sender.identity, identity);
  if (!own) return next;
  if (sender.name && typeof own.Name === 'string' && isEmpty(readOne(next, sender.name)))
    next = writeDeep(next, sender.name, own.Name);
  // The sender's own block (Seller, Consignor, Owner …): the rest of its requisites, as far as the
  // block's schema has them. A kind that keeps the sender's fields at the root gets only the name.
  const block = sender.name ? parent(sender.name) : '';
  if (block) {
    const blockSchema = schemaAt(schema, block);
    const allowed = Object.keys(blockSchema?.properties ?? {}).filter(
      (name) => `${block}/${name}` !== sender.identity && name !== last(sender.name ?? ''),
    );
    const current = (readOne(next, block) as Content | undefined) ?? {};
    // Only values of a type the field takes: the requisites' Accountant is a name, an empowerment's
    // Buyer.Accountant a person {Pinfl, FullName} (a string there made every draft refused).
    const fitting = mergeParty({}, own, allowed);
    for (const [name, value] of Object.entries(fitting))
      if (!takes(resolve(schema, blockSchema?.properties?.[name]), value)) delete fitting[name];
    const merged = { ...current, ...fitting };
    // What the person (or a template) already typed stays.
    for (const [key, value] of Object.entries(current)) if (!isEmpty(value)) merged[key] = value;
    next = writeDeep(next, block, merged);
  }
  return next;
}

/**
 * Whether an organisation's requisites (getOrgInfo) say it pays VAT: an active VAT certificate
 * (VatRegStatus 20, uz-edi.md §b), or a VAT registration code with no status given.
 */
export function isVatPayer(own: Record<string, unknown> | null): boolean {
  if (!own) return false;
  if (own.VatRegStatus === 20) return true;
  return (own.VatRegStatus === undefined || own.VatRegStatus === null) && !isEmpty(own.VatRegCode);
}

/** What a field of a new document may start as, from the sender's requisites (ui:options.startsAs). */
const STARTS_AS: Record<string, (own: Record<string, unknown>) => unknown> = {
  senderVatPayer: isVatPayer,
};

/**
 * A new document's fields that start from the sender's requisites, as the kind's UI schema says
 * (`"ui:options": {"startsAs": "senderVatPayer"}` on a "with VAT" flag): the seller's own VAT status,
 * read for every kind from its data, never by kind. Lists' items are not walked (a new document has
 * none). `own` null (not known): nothing is set.
 */
export function withSenderDefaults(
  ui: Record<string, unknown>,
  content: Content,
  own: Record<string, unknown> | null,
): Content {
  if (!own) return content;
  let next = content;
  const walk = (node: Record<string, unknown>, path: string[]) => {
    const startsAs = (node['ui:options'] as { startsAs?: string } | undefined)?.startsAs;
    const value = startsAs ? STARTS_AS[startsAs] : undefined;
    if (value && path.length) next = writeDeep(next, `/${path.join('/')}`, value(own));
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith('ui:') || key === 'items' || !child || typeof child !== 'object') continue;
      walk(child as Record<string, unknown>, [...path, key]);
    }
  };
  walk(ui, []);
  return next;
}
