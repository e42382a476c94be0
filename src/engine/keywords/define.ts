import type { KeywordCxt, KeywordDefinition } from 'ajv';
import { _, Name, str } from 'ajv';
import { toErrors } from './toErrors';
import type { KeywordCheck } from './types';

// The names AJV gives these variables in every generated validate function (ajv/lib/compile/names).
// Rebuilt from the public `Name` class: ajv's internal modules are CommonJS without detectable named
// exports, which Node's ESM loader cannot import by name.
const N = {
  vErrors: new Name('vErrors'),
  errors: new Name('errors'),
  instancePath: new Name('instancePath'),
  rootData: new Name('rootData'),
  this: new Name('this'),
};
const KW = new Name('kw');

/**
 * Builds an AJV `code` keyword around a plain check function.
 *
 * Why `code` and not `validate`: only `code` (and `macro`) keywords survive AJV standalone
 * compilation (form-engines.md §4.5). The generated code calls the check through a scope value whose
 * `code` is `kw.<keyword>`, and the build step turns those into named imports from
 * '.../keywords/functions' (only the checks a kind uses), so the precompiled browser validator runs
 * the very same function as the server.
 */
export function defineKeyword(
  keyword: string,
  check: KeywordCheck,
  options: {
    type?: KeywordDefinition['type'];
    schemaType: KeywordDefinition['schemaType'];
    metaSchema?: object;
  },
): KeywordDefinition {
  return {
    keyword,
    type: options.type,
    schemaType: options.schemaType,
    metaSchema: options.metaSchema,
    code(cxt: KeywordCxt) {
      const { gen, data, it } = cxt;
      const fn = gen.scopeValue('func', { ref: check, code: _`${KW}.${new Name(keyword)}` });
      const toErrorsFn = gen.scopeValue('func', { ref: toErrors, code: _`${KW}.toErrors` });
      const instancePath = _`${N.instancePath} + ${it.errorPath}`;
      const issues = gen.const(
        'issues',
        _`${fn}(${data}, ${cxt.schemaValue}, ${N.rootData}, ${N.this}, ${instancePath})`,
      );
      gen.if(_`${issues} !== null`, () => {
        const errs = gen.const(
          'kwErrors',
          _`${toErrorsFn}(${issues}, ${instancePath}, ${str`${it.errSchemaPath}/${keyword}`}, ${keyword})`,
        );
        gen.assign(N.vErrors, _`${N.vErrors} === null ? ${errs} : ${N.vErrors}.concat(${errs})`);
        gen.assign(N.errors, _`${N.errors} + ${errs}.length`);
        if (!(it.compositeRule || it.allErrors)) {
          gen.assign(_`${it.validateName}.errors`, N.vErrors);
          gen.return(false);
        }
      });
    },
  };
}
