// The exchange operators a company may bind (Synchronize/bindProvider) and what each asks for to sign
// in. A provider's adapter lives in providers/<id>/ (helper "operator", issue 28 item 1); adding an
// operator is one entry here and one folder there. `secret` fields are sealed at rest and never leave
// the server; the others are sealed too (nothing of the credentials is stored in the clear) but are
// not secrets to the person who typed them.

export interface CredentialField {
  /** The key in the credentials object the adapter reads. */
  key: string;
  secret: boolean;
  required: boolean;
  /** Longest accepted value. */
  maxLength: number;
}

export interface OperatorProvider {
  /** Stable id: stored in operator_bindings.provider and named by the API. */
  id: string;
  /** The operator's own name (a trade name: not translated). */
  name: string;
  fields: readonly CredentialField[];
}

export const OPERATOR_PROVIDERS: readonly OperatorProvider[] = [
  {
    // Didox's integrator API (uz-edi.md §c.1): the partner token its account manager issues, then a
    // user session per company — by the company's E-IMZO key, or by the account's password.
    id: 'didox',
    name: 'Didox',
    fields: [
      { key: 'partnerToken', secret: true, required: true, maxLength: 512 },
      { key: 'password', secret: true, required: false, maxLength: 256 },
    ],
  },
];

export function providerById(id: string): OperatorProvider | undefined {
  return OPERATOR_PROVIDERS.find((provider) => provider.id === id);
}

/**
 * Operators of the market the tax portal may name for a company (spec §3: "document-exchange
 * operator, chosen on the tax portal"), with Hujjat's provider id where Hujjat can speak to it.
 */
export const MARKET_OPERATORS: Readonly<Record<string, { name: string; provider: string | null }>> = {
  didox: { name: 'Didox', provider: 'didox' },
  faktura: { name: 'Faktura.uz', provider: null },
  soliqservis: { name: 'Soliq Servis', provider: null },
  edocs: { name: 'edocs.uz', provider: null },
  hippo: { name: 'Hippo.uz', provider: null },
};
