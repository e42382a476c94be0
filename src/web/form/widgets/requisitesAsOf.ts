import { createContext } from 'react';

/**
 * The earlier document a corrected or additional document repeats (the editor sets it when the
 * original is chosen): party look-ups answer the requisites as that document holds them
 * (DocumentOrganization/getOrgInfoByTinAndDoc) instead of today's, issue 27 item 5.
 */
export interface RequisitesAsOf {
  /** The earlier document's id here. */
  documentId: string;
  /** Its date (yyyy-MM-dd), sent so that the server refuses another document's. */
  date: string | null;
}

export const RequisitesAsOfContext = createContext<RequisitesAsOf | null>(null);
