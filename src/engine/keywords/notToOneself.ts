import { isBlank, readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordSpec } from './types';

interface Options {
  /** Paths of the issuer's identifiers (TIN and/or the director's PINFL). */
  issuer: string[];
  /** Path of the authorised person's identifier. */
  agent: string;
}

/** On an empowerment: the authorised person cannot be the issuer. Error on the agent. */
export const notToOneself: KeywordCheck<Options> = (data, options) => {
  const agent = readPath(data, options.agent);
  if (isBlank(agent)) return null;
  return options.issuer.some((path) => readPath(data, path) === agent)
    ? [{ path: toPointer(options.agent) }]
    : null;
};

export default {
  keyword: 'notToOneself',
  check: notToOneself,
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['issuer', 'agent'],
    properties: { issuer: { type: 'array', items: { type: 'string' } }, agent: { type: 'string' } },
    additionalProperties: false,
  },
} satisfies KeywordSpec;
