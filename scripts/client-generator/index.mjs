// The TypeScript types of an OpenAPI description, as openapi-typescript writes them (run from this
// package so that its TypeScript 5, not the project's TypeScript 7, is the one openapi-typescript loads).
import openapiTS, { astToString } from 'openapi-typescript';

/** @param {object} spec an OpenAPI 3.0/3.1 document */
export async function typesOf(spec) {
  return astToString(await openapiTS(spec, { alphabetize: true }));
}
