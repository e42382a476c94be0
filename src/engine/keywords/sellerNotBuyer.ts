import { isBlank, readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordSpec } from './types';

interface Options {
  seller: string;
  buyer: string;
}

/** On the document object: the seller's TIN cannot be used as the buyer's. Error on the buyer. */
export const sellerNotBuyer: KeywordCheck<Options> = (data, options) => {
  const buyer = readPath(data, options.buyer);
  if (isBlank(buyer) || buyer !== readPath(data, options.seller)) return null;
  return [{ path: toPointer(options.buyer) }];
};

export default {
  keyword: 'sellerNotBuyer',
  check: sellerNotBuyer,
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['seller', 'buyer'],
    properties: { seller: { type: 'string' }, buyer: { type: 'string' } },
    additionalProperties: false,
  },
} satisfies KeywordSpec;
