// The rows of the counterparty register search (services/organizations/register.ts), shared by
// Organization/getOrgs and Document/getDocumentOrgsFull.

export const registerRow = {
  type: 'object',
  properties: {
    identity: { type: 'string', description: 'TIN (9 digits) or PINFL (14 digits)' },
    tin: { type: ['string', 'null'] },
    pinfl: { type: ['string', 'null'] },
    name: { type: 'string' },
    sources: {
      type: 'array',
      items: { type: 'string', enum: ['registered', 'counterparty', 'registry'] },
      description:
        'registered: has an account here; counterparty: in your documents; registry: the tax authority knows it',
    },
    documents: { type: 'integer', description: 'your documents with this counterparty' },
    isDemo: { type: 'boolean' },
  },
} as const;

export const searchText = {
  type: 'string',
  maxLength: 200,
  description: 'a TIN or PINFL (whole or its start) or words of a name; fewer than 2 characters find nothing',
} as const;
