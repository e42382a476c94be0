import { createContext } from 'react';

/**
 * The kind (and stored id) of the document being edited, for the marking-code editor's registry
 * check — a product-table cell does not otherwise know which document it is part of. Provided by the
 * document editor around its form; absent elsewhere (the check is then not offered).
 */
export const MarkingDocumentContext = createContext<{ kind: string; documentId?: string } | null>(null);
