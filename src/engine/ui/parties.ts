/**
 * Which fields a party's TIN (or PINFL) fills, read from the schema alone, so that every kind —
 * and the next one — gets the same look-up without ui.json naming it field by field.
 *
 * A TIN field is recognised by its keyword (`tin`, `pinfl`, `pinflOrTin`: defs/tin.json, pinfl.json,
 * tinOrPinfl.json). Its party's fields are found by name, in one of three layouts:
 *  - inside the party's object: Consignee.TinOrPinfl, Driver.Pinfl, Agent.AgentTin → the object's fields;
 *  - beside the party's object: SellerTin + Seller (invoice) → Seller's fields;
 *  - beside the party's own fields: SellerTin + SellerName, SellerBranchCode (acts) → those fields,
 *    each taking the look-up's field named by the rest of its name (SellerName ← Name).
 * It is a party when one of those fields takes the look-up's Name (Name, FullName or Fio).
 * `ui:options.fills` may name the object instead (a sibling, or the TIN's own object).
 */

export type Schema = Record<string, unknown>;

/** The suffixes that make a field a party's identifier (SellerTin, BuyerTinOrPinfl, AgentPinfl). */
const IDENTIFIER_SUFFIX = /(TinOrPinfl|Tin|Pinfl)$/;

/**
 * What the look-up answers (DocumentOrganization/getOrgInfoByTin, server services/soliq/partyInfo.ts)
 * that a party's field may take, with the JSON type of each: a field is filled only with a value
 * of a type its schema allows.
 */
export const PARTY_ANSWER_FIELDS: Readonly<Record<string, 'string' | 'integer'>> = {
  Name: 'string',
  BranchCode: 'string',
  BranchName: 'string',
  VatRegCode: 'string',
  VatRegStatus: 'integer',
  TaxpayerType: 'integer',
  Account: 'string',
  BankId: 'string',
  Address: 'string',
  Oked: 'string',
  DistrictId: 'string',
  Director: 'string',
  Accountant: 'string',
  Mobile: 'string',
  WorkPhone: 'string',
};
const ANSWER_BY_LOWER = new Map(Object.keys(PARTY_ANSWER_FIELDS).map((name) => [name.toLowerCase(), name]));

/** Fields some kinds name differently from the look-up's answer (invoice names). */
const ALIASES: Readonly<Record<string, string>> = {
  accountnumber: 'Account',
  bankaccount: 'Account',
  bankmfo: 'BankId',
  mfo: 'BankId',
};
/** An individual's name field: takes the look-up's Name when the object has no Name of its own. */
const PERSON_NAMES = new Set(['fullname', 'fio']);

/** A local `$ref` of a bundled schema (#/$defs/x), merged with the referring node's own keywords. */
export function resolveSchema(root: Schema, node: unknown): Schema {
  let current = (node && typeof node === 'object' ? node : {}) as Schema;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 32; depth++) {
    const { $ref, ...own } = current;
    const target = ($ref as string)
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .reduce<unknown>(
        (at, part) =>
          at && typeof at === 'object'
            ? (at as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
            : undefined,
        root,
      );
    current = { ...((target ?? {}) as Schema), ...own };
  }
  return current;
}

export function typesOf(schema: Schema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type as string[];
  if (typeof type === 'string') return [type];
  if (schema.properties) return ['object'];
  return [];
}

/** A TIN or PINFL field (its keyword, as defs/tin, pinfl and tinOrPinfl carry it). */
export function isIdentifierSchema(schema: Schema): boolean {
  return schema.tin === true || schema.pinfl === true || schema.pinflOrTin === true;
}

/** A calendar day (defs/isoDate.json, or format date). */
export function isDateSchema(schema: Schema): boolean {
  return schema.isoDate === true || schema.format === 'date';
}

function isObjectSchema(schema: Schema): boolean {
  return typesOf(schema).includes('object') && typeof schema.properties === 'object';
}

export interface PartyFill {
  /**
   * The object holding the party's fields, relative to the object holding the TIN field: [] that
   * object itself, ["Seller"] its property Seller.
   */
  object: string[];
  /** Field of that object → the look-up answer's field it takes (SellerName → Name). */
  fields: Record<string, string>;
}

/** The look-up's field a party field takes, by its (prefix-less) name; null: none. */
function answerFieldOf(name: string, hasOwnName: boolean): string | null {
  const lower = name.toLowerCase();
  if (lower === '' || IDENTIFIER_SUFFIX.test(name)) return null;
  if (ALIASES[lower]) return ALIASES[lower];
  if (PERSON_NAMES.has(lower)) return hasOwnName ? null : 'Name';
  return ANSWER_BY_LOWER.get(lower) ?? null;
}

/** Whether a field of this schema can hold the answer's field (a string field a string, …). */
function holds(schema: Schema, answer: string): boolean {
  const types = typesOf(schema);
  const type = PARTY_ANSWER_FIELDS[answer];
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/**
 * The scalar fields of `object` that take a look-up answer: those named `<prefix><Field>` (every
 * field when the prefix is empty), each mapped to the answer's Field. Identifiers, objects and
 * arrays are never filled.
 */
function fieldsOf(root: Schema, object: Schema, prefix: string, except: string): Record<string, string> {
  const properties = (object.properties ?? {}) as Record<string, unknown>;
  const names = Object.keys(properties).filter(
    (name) => name !== except && name.startsWith(prefix) && name.length > prefix.length,
  );
  const hasOwnName = names.some((name) => name.slice(prefix.length).toLowerCase() === 'name');
  const fields: Record<string, string> = {};
  for (const name of names) {
    const schema = resolveSchema(root, properties[name]);
    const types = typesOf(schema);
    if (isIdentifierSchema(schema) || types.includes('object') || types.includes('array')) continue;
    const answer = answerFieldOf(name.slice(prefix.length), hasOwnName);
    if (answer && holds(schema, answer)) fields[name] = answer;
  }
  return fields;
}

/**
 * A person's PINFL beside an organisation's fields (contract Owner: Tin, Name, FizTin, Fio) names
 * the person whose name is the object's person-name field (Fio or FullName).
 */
function personNameOf(root: Schema, object: Schema): Record<string, string> {
  const properties = (object.properties ?? {}) as Record<string, unknown>;
  const name = Object.keys(properties).find((key) => PERSON_NAMES.has(key.toLowerCase()));
  return name && holds(resolveSchema(root, properties[name]), 'Name') ? { [name]: 'Name' } : {};
}

const takesName = (fill: PartyFill) => Object.values(fill.fields).includes('Name');

/**
 * What the TIN field `field` of `parent` (an object schema, resolved; `parentName` its property
 * name) fills, or null when it is no party's identifier. `fills` is ui:options.fills when the UI
 * schema names the object (it must then name an object: see checkUi).
 */
export function partyFillOf(
  root: Schema,
  parent: Schema,
  parentName: string | undefined,
  field: string,
  fills?: unknown,
): PartyFill | null {
  const properties = (parent.properties ?? {}) as Record<string, unknown>;
  if (typeof fills === 'string') {
    if (fills === parentName) return { object: [], fields: fieldsOf(root, parent, '', field) };
    const target = resolveSchema(root, properties[fills]);
    if (!(fills in properties) || !isObjectSchema(target)) return null;
    return { object: [fills], fields: fieldsOf(root, target, '', '') };
  }
  const own = resolveSchema(root, properties[field]);
  const suffix = IDENTIFIER_SUFFIX.exec(field);
  if (!isIdentifierSchema(own) || !suffix) return null;
  const prefix = field.slice(0, suffix.index);
  let fill: PartyFill;
  if (prefix === '' || prefix === parentName)
    fill = { object: [], fields: fieldsOf(root, parent, '', field) };
  else if (prefix in properties && isObjectSchema(resolveSchema(root, properties[prefix])))
    fill = { object: [prefix], fields: fieldsOf(root, resolveSchema(root, properties[prefix]), '', '') };
  else fill = { object: [], fields: fieldsOf(root, parent, prefix, field) };
  if (!takesName(fill) && own.pinfl === true) fill = { object: [], fields: personNameOf(root, parent) };
  return takesName(fill) ? fill : null;
}

/** A party's TIN field found in a kind: where it is (`items` for every element of an array). */
export interface PartyField {
  path: string[];
  fill: PartyFill;
}

/**
 * The object schema at a data path of the document (indexes or `items` step into arrays), with
 * the name of the property holding it; null when the path leaves the schema.
 */
export function objectAt(
  root: Schema,
  path: ReadonlyArray<string | number>,
): { schema: Schema; name: string | undefined } | null {
  let node = resolveSchema(root, root);
  let name: string | undefined;
  for (const part of path) {
    if (typesOf(node).includes('array') && (typeof part === 'number' || /^\d+$|^items$/.test(part))) {
      node = resolveSchema(root, node.items);
      continue;
    }
    const properties = node.properties as Record<string, unknown> | undefined;
    if (!properties || !(String(part) in properties)) return null;
    node = resolveSchema(root, properties[String(part)]);
    name = String(part);
  }
  return { schema: node, name };
}

/** What the TIN field at a data path of the document fills (see partyFillOf); null: nothing. */
export function partyFillAt(
  root: Schema,
  path: ReadonlyArray<string | number>,
  fills?: unknown,
): PartyFill | null {
  if (path.length === 0) return null;
  const parent = objectAt(root, path.slice(0, -1));
  if (!parent) return null;
  return partyFillOf(root, parent.schema, parent.name, String(path.at(-1)), fills);
}
