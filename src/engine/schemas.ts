import { bundleSchema, type JsonSchema } from './bundle';
import { definitions } from './generated/definitions';
import { generatedKinds } from './generated/kinds';

/**
 * Registry of form kinds: every document kind (schemas/documents/<kind>/) and every settings form
 * (schemas/settings/<form>/). The build step (scripts/build-schemas.ts) discovers the folders and
 * writes generated/kinds.ts, which imports the bundled schemas statically — no import.meta.glob,
 * so the same registry works in Vite, in Node and in vitest. `registerKind` also takes a kind at
 * run time (a test registers one from a temporary folder).
 */
export type FormMode = 'create' | 'update' | 'view' | 'print';
export type KindGroup = 'documents' | 'settings';
export type UiSchema = Record<string, any>;

export interface KindDefinition {
  kind: string;
  group: KindGroup;
  /** Bundled, self-contained schema ($refs local to its own $defs). Never mutate it. */
  schema: JsonSchema;
  ui: UiSchema;
  modes: FormMode[];
  /** i18n key of the kind's title (schema.title). */
  titleKey: string;
  /** i18n key of a one-line description (documents:descriptions.<kind>; may be absent for settings). */
  descriptionKey: string;
}

export interface KindSource {
  kind: string;
  group?: KindGroup;
  /** As authored (refs like "defs/party.json") or already bundled. */
  schema: JsonSchema;
  ui?: UiSchema;
}

const ALL_MODES: FormMode[] = ['create', 'update', 'view', 'print'];
const registry = new Map<string, KindDefinition>();
const listeners = new Set<(kind: string) => void>();

export function registerKind(source: KindSource): KindDefinition {
  return define(source, bundleSchema(source.schema, definitions, source.kind));
}

function define(source: KindSource, schema: JsonSchema): KindDefinition {
  const group = source.group ?? 'documents';
  const ui = source.ui ?? {};
  const modes =
    (ui['ui:options']?.modes as FormMode[] | undefined) ??
    (group === 'settings' ? ['create', 'update', 'view'] : ALL_MODES);
  const definition: KindDefinition = {
    kind: source.kind,
    group,
    schema: Object.freeze(schema) as JsonSchema,
    ui,
    modes,
    titleKey: typeof schema.title === 'string' ? schema.title : `documents:kinds.${source.kind}`,
    descriptionKey: `documents:descriptions.${source.kind}`,
  };
  registry.set(source.kind, definition);
  for (const listener of listeners) listener(source.kind);
  return definition;
}

/** Called when a kind is (re-)registered, so compiled validators can be dropped. */
export function onKindRegistered(listener: (kind: string) => void): void {
  listeners.add(listener);
}

export function getKind(kind: string): KindDefinition {
  const definition = registry.get(kind);
  if (!definition) throw new Error(`Unknown form kind "${kind}"`);
  return definition;
}

export function hasKind(kind: string): boolean {
  return registry.has(kind);
}

/** Kinds of a group (documents by default) in registration order. */
export function listKinds(group: KindGroup = 'documents'): KindDefinition[] {
  return [...registry.values()].filter((definition) => definition.group === group);
}

for (const source of generatedKinds) {
  // Generated schemas were bundled by this same bundleSchema at build time (npm run build:schemas;
  // re-bundling them gives the identical object), so they are taken as they are: bundling all kinds
  // again cost every page that imports the registry ~20–40 ms of start-up.
  define(source, source.schema);
}
