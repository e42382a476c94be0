import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { CellEditorProps } from './editors/types';

// A column's cell editor is the file editors/<name>.tsx (default export), found here by name and
// loaded with the table only when a column uses it. The schema build refuses a ui.json naming an
// editor without a file (engine/ui/tableColumns.ts).
const modules = import.meta.glob<{ default: ComponentType<CellEditorProps> }>('./editors/*.tsx');

const loaded = new Map<string, LazyExoticComponent<ComponentType<CellEditorProps>>>();

export function cellEditor(name: string): LazyExoticComponent<ComponentType<CellEditorProps>> | null {
  const cached = loaded.get(name);
  if (cached) return cached;
  const load = modules[`./editors/${name}.tsx`];
  if (!load) return null;
  const component = lazy(load);
  loaded.set(name, component);
  return component;
}
