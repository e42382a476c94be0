import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { loadVisible } from '../documents';
import type { Caller } from '../documents/types';

// DocumentOrganization/getOrgInfoByTinAndDoc (issue 27.5): a party's requisites as of an earlier
// document — what a corrected or additional document must repeat. The registry answers today's
// requisites; the earlier document (one the caller may see: another organisation's is a 404) holds
// them as they were at its date, so they are read from it: the party object whose TIN/PINFL field
// holds the number — found by the field names of the party schemas, for every kind alike.

/** The party fields answered, as getOrgInfoByTin names them (phones never leave a document here). */
const FIELDS = [
  'Name',
  'BranchCode',
  'BranchName',
  'VatRegCode',
  'VatRegStatus',
  'Account',
  'BankId',
  'Address',
  'Oked',
  'DistrictId',
  'Director',
  'Accountant',
] as const;

/** Keys that name a party's number inside its own object (waybill parties, contract clients). */
const OWN_NUMBER = /^(Tin|TinOrPinfl|Pinfl|FizTin)$/;

/** The objects of `content` that describe the party `tin`: its own object, or the one beside `<X>Tin`. */
function partyObjects(content: unknown, tin: string): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const object = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(object)) {
      if (value === tin && OWN_NUMBER.test(key)) found.push(object);
      // SellerTin → Seller: the invoice's parties keep the number beside their object.
      else if (value === tin && /Tin$/.test(key)) {
        const beside = object[key.slice(0, -3)];
        if (beside && typeof beside === 'object' && !Array.isArray(beside))
          found.push(beside as Record<string, unknown>);
      }
      walk(value);
    }
  };
  walk(content);
  return found;
}

export async function requisitesAsOf(
  db: Db,
  caller: Caller,
  query: { tin: string; documentId: string; date?: string },
) {
  const { doc } = await loadVisible(db, caller, query.documentId);
  const asOf = doc.doc_date ? String(doc.doc_date).slice(0, 10) : null;
  // The date the client names is the earlier document's: another date means another document.
  if (query.date && asOf && query.date !== asOf)
    throw new ApiError(400, 'DOCUMENT_DATE_MISMATCH', 'errors:documentDateMismatch', { date: asOf });
  const objects = partyObjects(doc.content, query.tin);
  const party = objects.find((o) => typeof o.Name === 'string' && o.Name) ?? objects[0];
  if (!party) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND', 'errors:partyNotInDocument');
  const answer: Record<string, unknown> = {
    TinOrPinfl: query.tin,
    [query.tin.length === 14 ? 'Pinfl' : 'Tin']: query.tin,
  };
  for (const field of FIELDS) {
    const value = party[field];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') answer[field] = value;
  }
  if (typeof answer.Name !== 'string') answer.Name = '';
  return { ...answer, Source: 'document', AsOf: asOf, DocumentId: doc.id };
}
