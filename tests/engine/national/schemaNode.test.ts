import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../src/engine/bundle';
import {
  lowerCaseNames,
  nodeOf,
  propertyNode,
  requiredNames,
  typesOf,
} from '../../../src/engine/national/schemaNode';

// Resolved nodes are kept per root and schema object: the same sub-schema under two roots resolves
// against each root's own definitions, and a node's answers are its own.
describe('schema nodes resolved once', () => {
  const shared: JsonSchema = { $ref: '#/$defs/Sum' };
  const rootA: JsonSchema = {
    type: 'object',
    required: ['Total'],
    properties: { Total: shared, Name: { type: 'string' } },
    $defs: { Sum: { type: 'number' } },
  };
  const rootB: JsonSchema = {
    type: 'object',
    properties: { Total: shared },
    $defs: { Sum: { type: ['string', 'null'] } },
  };

  it('resolves a shared sub-schema against each root', () => {
    expect([...typesOf(nodeOf(shared, rootA))]).toEqual(['number']);
    expect([...typesOf(nodeOf(shared, rootB))]).toEqual(['string', 'null']);
    // asked again, in the other order: the same answers
    expect([...typesOf(nodeOf(shared, rootB))]).toEqual(['string', 'null']);
    expect([...typesOf(nodeOf(shared, rootA))]).toEqual(['number']);
  });

  it('gives the same node for the same schema and root, and each node its own names', () => {
    const a = nodeOf(rootA, rootA)!;
    expect(nodeOf(rootA, rootA)).toBe(a);
    expect(propertyNode(a, 'Total')).toBe(nodeOf(shared, rootA));
    expect([...lowerCaseNames(a)]).toEqual([
      ['total', 'Total'],
      ['name', 'Name'],
    ]);
    expect([...requiredNames(a)]).toEqual(['Total']);
    expect([...requiredNames(nodeOf(rootB, rootB))]).toEqual([]);
    expect([...lowerCaseNames(nodeOf(rootB, rootB)!)]).toEqual([['total', 'Total']]);
  });
});
