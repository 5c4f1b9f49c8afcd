// The one list controller: moves by a delta, to either end, or to a row (a click), always
// within the list, read from and written to the list at the moment of the move.
import { describe, expect, it } from 'vitest';
import { clampIndex, listMoves } from '../../src/store/list-cursor.ts';

function list(length: number, at = 0) {
  const state = { length, at };
  const moves = listMoves({
    length: () => state.length,
    index: () => state.at,
    select: (i) => (state.at = i),
  });
  return { state, moves };
}

describe('listMoves', () => {
  it('moves by a delta and to either end, stopping at the ends', () => {
    const { state, moves } = list(10, 3);
    moves.move(4);
    expect(state.at).toBe(7);
    moves.move(100);
    expect(state.at).toBe(9);
    moves.move(-100);
    expect(state.at).toBe(0);
    moves.moveTo('bottom');
    expect(state.at).toBe(9);
    moves.moveTo('top');
    expect(state.at).toBe(0);
  });

  it('goes to a row by its index whatever the cursor is now (a click after keys moved it)', () => {
    const { state, moves } = list(10, 2);
    state.at = 8;
    moves.moveToRow(5);
    expect(state.at).toBe(5);
    moves.moveToRow(42);
    expect(state.at).toBe(9);
  });

  it('leaves an empty list alone', () => {
    const { state, moves } = list(0, 0);
    moves.moveToRow(3);
    moves.move(1);
    expect(state.at).toBe(0);
    expect(clampIndex(5, 0)).toBe(0);
  });
});
