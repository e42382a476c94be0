import { isBlank, readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordSpec } from './types';

interface Options {
  password: string;
  confirmation: string;
}

/** On the form object: the confirmation must equal the password ("passwords do not match"). */
export const passwordConfirmation: KeywordCheck<Options> = (data, options) => {
  const confirmation = readPath(data, options.confirmation);
  if (isBlank(confirmation)) return null; // `required` reports the empty field
  return confirmation === readPath(data, options.password)
    ? null
    : [{ path: toPointer(options.confirmation) }];
};

export default {
  keyword: 'passwordConfirmation',
  check: passwordConfirmation,
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['password', 'confirmation'],
    properties: { password: { type: 'string' }, confirmation: { type: 'string' } },
    additionalProperties: false,
  },
} satisfies KeywordSpec;
