import type { DocDirection } from '../../api/documents';

/** The actions one bulk signing takes from a list: drafts are sent; incoming documents accepted or rejected. */
export const BULK_ACTIONS: Partial<Record<DocDirection, string[]>> = {
  drafts: ['send'],
  incoming: ['accept', 'reject'],
};
