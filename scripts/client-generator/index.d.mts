/** The TypeScript types (`paths`, `components`) of an OpenAPI 3.0/3.1 document, by openapi-typescript. */
export function typesOf(spec: object): Promise<string>;
