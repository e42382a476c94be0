import type { ErrorSchema } from '@rjsf/utils';

export interface ServerFieldError {
  /** JSON pointer of the field ("/ProductList/Products/0/Count"). */
  path: string;
  message: string;
}

/**
 * The server's localized errors (POST /api/Document/validate answers them with their JSON pointers)
 * as an RJSF ErrorSchema for `extraErrors`, so database checks show at their fields like the
 * browser's own errors.
 */
export function toErrorSchema(errors: readonly ServerFieldError[]): ErrorSchema {
  const root: Record<string, any> = {};
  for (const { path, message } of errors) {
    let node = root;
    for (const part of path.split('/').filter(Boolean)) {
      node[part] ??= {};
      node = node[part];
    }
    node.__errors ??= [];
    node.__errors.push(message);
  }
  return root as ErrorSchema;
}
