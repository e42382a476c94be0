import { createContext, useContext } from 'react';

/** The document a view-mode form shows: its kind and its whole content (product lines included). */
export interface ViewedDocument {
  kind: string;
  content: Record<string, unknown>;
}

/** Given by the document view (DocumentBody); a view-mode form without it finds its kind by schema. */
export const ViewedDocumentContext = createContext<ViewedDocument | null>(null);

export function useViewedDocument(): ViewedDocument | null {
  return useContext(ViewedDocumentContext);
}
