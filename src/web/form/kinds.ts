import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { hasPrecompiledValidator, loadPrecompiledModule } from '../../engine/precompiled';
import { getKind, hasKind, type KindDefinition, loadKind } from '../../engine/registry';
import { FORM_NAMESPACES } from './theme/formText';
import { formValidatorFor, loadFormValidator } from './validator';

/**
 * The form's texts (DocumentForm's namespaces). While i18next is starting they join its first load
 * (one round trip for the app's and the form's texts); before it starts, they wait for it.
 */
function loadFormTexts(): Promise<unknown> {
  const load = () => i18next.loadNamespaces([...FORM_NAMESPACES]);
  if (i18next.isInitialized || i18next.isInitializing) return load();
  return new Promise((resolve, reject) => {
    const ready = () => {
      i18next.off('initialized', ready);
      load().then(resolve, reject);
    };
    i18next.on('initialized', ready);
  });
}

/**
 * A kind ready for DocumentForm: its schema and UI schema (one chunk), its precompiled validator
 * (another) and the form's texts, fetched side by side — the form then mounts at once, without
 * waiting for any of them (each would otherwise be a round trip after the form started rendering).
 */
export async function loadFormKind(kind: string): Promise<KindDefinition> {
  const validatorChunk = hasPrecompiledValidator(kind) ? loadPrecompiledModule(kind) : null;
  const texts = loadFormTexts();
  const definition = await loadKind(kind);
  await Promise.all([validatorChunk, loadFormValidator(definition.schema as never), texts]);
  return definition;
}

/** The kind if it and its validator are loaded already. */
function readyKind(kind: string | null): KindDefinition | null {
  if (!kind || !hasKind(kind)) return null;
  const definition = getKind(kind);
  return formValidatorFor(definition.schema as never) ? definition : null;
}

/** The kind once it and its validator are loaded (null meanwhile, or for no kind). */
export function useFormKind(kind: string | null): KindDefinition | null {
  const [loaded, setLoaded] = useState<KindDefinition | null>(null);
  const [error, setError] = useState<unknown>(null);
  const ready = readyKind(kind);
  useEffect(() => {
    if (!kind || ready) return;
    let current = true;
    loadFormKind(kind).then(
      (definition) => current && setLoaded(definition),
      (reason) => current && setError(reason),
    );
    return () => {
      current = false;
    };
  }, [kind, ready]);
  if (error) throw error;
  return ready ?? (loaded && loaded.kind === kind ? loaded : null);
}
