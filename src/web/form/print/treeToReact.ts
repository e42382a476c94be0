import { createElement, type ReactNode } from 'react';
import type { PrintNode } from '../../../engine/print';

/** HTML attribute names of the print tree as React names them. */
const REACT_NAMES: Record<string, string> = { class: 'className', colspan: 'colSpan' };

/**
 * The engine's print tree (src/engine/print/tree.ts) as React elements: the same markup the server
 * answers for DocumentContent/getHtml. Texts stay texts (React escapes them); no inner HTML.
 */
export function treeToReact(node: PrintNode): ReactNode {
  if (typeof node === 'string') return node;
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(node.attrs ?? {}))
    if (value !== undefined) props[REACT_NAMES[name] ?? name] = value;
  return createElement(node.tag, props, ...(node.children ?? []).map(treeToReact));
}
