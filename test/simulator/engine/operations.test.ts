// The engine's operation table and the endpoint table name the same operations: the
// type checks below fail `npm run typecheck` when one side has an operation the other lacks.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type OperationTable, operations } from '../../../simulator/engine/operations.ts';
import { type OperationName, operationNames } from '../../../src/contract/endpoints.ts';

describe('the operation table', () => {
  it('has a handler for every operation of the endpoint table and for no other (types)', () => {
    expectTypeOf<keyof typeof operations>().toEqualTypeOf<OperationName>();

    const { findLocations: _dropped, ...withoutOne } = operations;
    // @ts-expect-error an operation of the endpoint table without its handler does not compile
    const missing: OperationTable = withoutOne;
    // @ts-expect-error a handler of an operation the endpoint table lacks does not compile
    const extra: OperationTable = { ...operations, findTheMoon: () => ({}) };

    expect(Object.keys(missing)).toHaveLength(operationNames.length - 1);
    expect(Object.keys(extra)).toHaveLength(operationNames.length + 1);
  });

  it('has a handler for every operation of the endpoint table and for no other (at run time)', () => {
    expect(Object.keys(operations).sort()).toEqual([...operationNames].sort());
    for (const name of operationNames) expect(typeof operations[name], name).toBe('function');
  });
});
