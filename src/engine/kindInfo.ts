import type { JsonSchema } from './bundle';

/**
 * What is known of a kind without loading its schema: the kind chooser's entry. The build step
 * (scripts/build-schemas.ts) writes one per generated kind into generated/manifest.ts; the registry
 * derives the same fields for kinds registered at run time — one function for both.
 */
export type FormMode = 'create' | 'update' | 'view' | 'print';
export type KindGroup = 'documents' | 'settings';
export type UiSchema = Record<string, any>;

export interface KindSummary {
  kind: string;
  group: KindGroup;
  modes: FormMode[];
  /** i18n key of the kind's title (schema.title). */
  titleKey: string;
  /** i18n key of a one-line description (documents:descriptions.<kind>; may be absent for settings). */
  descriptionKey: string;
}

const ALL_MODES: FormMode[] = ['create', 'update', 'view', 'print'];

export function kindSummary(kind: string, group: KindGroup, schema: JsonSchema, ui: UiSchema): KindSummary {
  const modes =
    (ui['ui:options']?.modes as FormMode[] | undefined) ??
    (group === 'settings' ? ['create', 'update', 'view'] : ALL_MODES);
  return {
    kind,
    group,
    modes,
    titleKey: typeof schema.title === 'string' ? schema.title : `documents:kinds.${kind}`,
    descriptionKey: `documents:descriptions.${kind}`,
  };
}

/** A manifest entry: the summary and a loader of the bundled schema and UI schema (one chunk). */
export interface KindManifestEntry extends KindSummary {
  load(): Promise<{ schema: JsonSchema; ui: UiSchema }>;
}
