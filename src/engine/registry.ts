import { bundleSchema, type JsonSchema } from './bundle';
import { definitions } from './generated/definitions';
import { kindManifest } from './generated/manifest';
import {
  type FormMode,
  type KindGroup,
  type KindManifestEntry,
  type KindSummary,
  kindSummary,
  type UiSchema,
} from './kindInfo';
import { deriveUi } from './ui/derive';
import type { Schema } from './ui/parties';

/**
 * Registry of form kinds: every document kind (schemas/documents/<kind>/) and every settings form
 * (schemas/settings/<form>/). The build step (scripts/build-schemas.ts) discovers the folders and
 * writes generated/manifest.ts — a summary and a lazy loader per kind — so a page that shows one
 * kind loads only that kind (`loadKind`). The server and the tests register every kind at once
 * (./schemas). `registerKind` also takes a kind at run time (a test registers one from a temporary
 * folder).
 */
export type { FormMode, KindGroup, KindSummary, UiSchema };

export interface KindDefinition extends KindSummary {
  /** Bundled, self-contained schema ($refs local to its own $defs). Never mutate it. */
  schema: JsonSchema;
  ui: UiSchema;
  /**
   * Bundled and precompiled by the build step (generated/validators has its validator): the schema
   * is the generated one, not a kind registered or re-registered at run time.
   */
  generated: boolean;
}

export interface KindSource {
  kind: string;
  group?: KindGroup;
  /** As authored (refs like "defs/party.json") or already bundled. */
  schema: JsonSchema;
  ui?: UiSchema;
}

const registry = new Map<string, KindDefinition>();
const listeners = new Set<(kind: string) => void>();
const manifest = new Map<string, KindManifestEntry>(kindManifest.map((entry) => [entry.kind, entry]));
const loading = new Map<string, Promise<KindDefinition>>();

export function registerKind(source: KindSource): KindDefinition {
  return define(source, bundleSchema(source.schema, definitions, source.kind), false);
}

/** A kind the build step generated (already bundled by this same bundleSchema: taken as it is). */
export function defineGenerated(source: Required<Omit<KindSource, 'ui'>> & { ui: UiSchema }): KindDefinition {
  return define(source, source.schema, true);
}

function define(source: KindSource, schema: JsonSchema, generated: boolean): KindDefinition {
  const group = source.group ?? 'documents';
  // The widgets the schema implies (dates, parties' TIN look-ups) where ui.json names none.
  const ui = deriveUi(schema as Schema, source.ui ?? {}, { parties: group === 'documents' });
  const definition: KindDefinition = {
    ...kindSummary(source.kind, group, schema, ui),
    schema: Object.freeze(schema) as JsonSchema,
    ui,
    generated,
  };
  registry.set(source.kind, definition);
  for (const listener of listeners) listener(source.kind);
  return definition;
}

/** Called when a kind is (re-)registered, so compiled validators can be dropped. */
export function onKindRegistered(listener: (kind: string) => void): void {
  listeners.add(listener);
}

/** A registered (or loaded) kind. Throws for a kind that is not loaded: see `loadKind`. */
export function getKind(kind: string): KindDefinition {
  const definition = registry.get(kind);
  if (!definition) throw new Error(`Unknown form kind "${kind}"`);
  return definition;
}

/** Whether the kind is registered (or loaded) and `getKind` answers at once. */
export function hasKind(kind: string): boolean {
  return registry.has(kind);
}

/** What the chooser shows of a kind (registered or generated), without loading it; null: unknown. */
export function summaryOf(kind: string): KindSummary | null {
  return registry.get(kind) ?? manifest.get(kind) ?? null;
}

/** Registered kinds of a group (documents by default) in registration order. */
export function listKinds(group: KindGroup = 'documents'): KindDefinition[] {
  return [...registry.values()].filter((definition) => definition.group === group);
}

/** Every kind of a group, loaded or not (the generated ones in folder order, then run-time ones). */
export function listKindSummaries(group: KindGroup = 'documents'): KindSummary[] {
  const summaries = new Map<string, KindSummary>();
  for (const entry of kindManifest) summaries.set(entry.kind, registry.get(entry.kind) ?? entry);
  for (const definition of registry.values()) summaries.set(definition.kind, definition);
  return [...summaries.values()].filter((summary) => summary.group === group);
}

/** The kind, loading its schema and UI schema (one chunk per kind) the first time. */
export function loadKind(kind: string): Promise<KindDefinition> {
  const known = registry.get(kind);
  if (known) return Promise.resolve(known);
  const entry = manifest.get(kind);
  if (!entry) return Promise.reject(new Error(`Unknown form kind "${kind}"`));
  let pending = loading.get(kind);
  if (!pending) {
    pending = entry.load().then(
      ({ schema, ui }) =>
        // A kind registered meanwhile (at run time) wins over the generated one.
        registry.get(kind) ?? defineGenerated({ kind, group: entry.group, schema, ui }),
    );
    pending.catch(() => loading.delete(kind));
    loading.set(kind, pending);
  }
  return pending;
}
