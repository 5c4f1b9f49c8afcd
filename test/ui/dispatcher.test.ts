// The dispatcher's wait after the sort key (src/ui/input/dispatcher.tsx): `o` gives the
// list's columns back instead of sorting, and the next key picks one by its letter, steps
// to the next column (`o` again), cancels (esc), or, any other key, acts as itself.
import { describe, expect, it } from 'vitest';
import type { Stores } from '../../src/store/index.ts';
import { KeyRegistry } from '../../src/ui/input/dispatcher.tsx';
import type { Binding, SortChoice } from '../../src/ui/keys/bindings.ts';
import { globalTable } from '../../src/ui/keys/keymap.ts';
import { remapKeys } from '../../src/ui/keys/remap.ts';
import { sortLetters, sortWaitHint } from '../../src/ui/keys/sort-letters.ts';

const COLUMNS = [
  { id: 'connected', label: 'connected' },
  { id: 'clientId', label: 'client id' },
  { id: 'name', label: 'device name' },
  { id: 'contracts', label: 'contracts' },
  { id: 'clients', label: 'clients' },
];

/** A session with what the dispatcher reads and says, no overlay, dialog or text box. */
function fakeStores() {
  const said: (string | undefined)[] = [];
  const state = {
    said: undefined as string | undefined,
    overlay: undefined,
    dialogs: [] as string[],
    focus: undefined,
    say: (why: string | undefined) => {
      state.said = why;
      said.push(why);
    },
    quit: () => {},
  };
  return { stores: { session: { getState: () => state } } as unknown as Stores, said };
}

/** A registry on `table` whose shown pane (`myProviders`) sorts, with what each handler did. */
function setUp(table: readonly Binding[] = globalTable, sortReason?: string) {
  const { stores, said } = fakeStores();
  const registry = new KeyRegistry(table, {
    scope: () => 'myProviders',
    reasons: () => (sortReason ? { sort: { why: sortReason } } : undefined),
  });
  const done: string[] = [];
  const choice: SortChoice = {
    columns: COLUMNS,
    by: (column) => done.push(`by ${column}`),
    next: () => done.push('next'),
  };
  registry.addActions('myProviders', {
    current: {
      sort: () => choice,
      down: () => void done.push('down'),
      back: () => void done.push('back'),
      reverse: () => void done.push('reverse'),
    },
  });
  const press = (...keys: string[]) => {
    for (const key of keys) registry.dispatch(stores, key, key);
  };
  return { registry, press, done, said };
}

describe('the sort key waits for a column', () => {
  it('gives each column a letter: the first free initial of its words, then its other letters, never the sort key', () => {
    expect(sortLetters(COLUMNS, ['o']).map((l) => `${l.key} ${l.label}`)).toEqual([
      'c connected',
      'i client id',
      'd device name',
      'n contracts',
      'l clients',
    ]);
    // Remapped to `c`, the sort key is no column's letter.
    expect(sortLetters(COLUMNS, ['c']).map((l) => l.key)).toEqual(['o', 'i', 'd', 'n', 'l']);
    const two = sortLetters(COLUMNS.slice(0, 2), ['o']);
    expect(sortWaitHint(two, ['o'], 80)).toBe('sort by: c connected  i client id  o next column  esc cancel');
    // Narrower, a column goes by the word its letter stands for, then the words around go.
    expect(sortWaitHint(two, ['o'], 55)).toBe('sort by: c connected  i id  o next column  esc cancel');
    expect(sortWaitHint(two, ['o'], 40)).toBe('c connected  i id  o next  esc cancel');
    expect(sortWaitHint(two, ['o'], 30)).toBe('c connected  i id  o next');
    expect(sortWaitHint(two, ['o'], 10)).toBe('c connected  i id');
  });

  it('o sorts nothing yet; its column letter then sorts by that column', () => {
    const { registry, press, done } = setUp();
    press('o');
    expect(done).toEqual([]);
    expect(registry.sortWait()?.letters.map((l) => l.key)).toEqual(['c', 'i', 'd', 'n', 'l']);
    press('d');
    expect(done).toEqual(['by name']);
    expect(registry.sortWait()).toBeUndefined();
  });

  it('o o steps to the next column, as o alone did before', () => {
    const { registry, press, done } = setUp();
    press('o', 'o');
    expect(done).toEqual(['next']);
    expect(registry.sortWait()).toBeUndefined();
    press('o', 'o', 'o', 'o');
    expect(done).toEqual(['next', 'next', 'next']);
  });

  it('esc cancels: nothing sorts and esc does not also act (no back)', () => {
    const { registry, press, done } = setUp();
    press('o', 'esc');
    expect(done).toEqual([]);
    expect(registry.sortWait()).toBeUndefined();
    press('esc');
    expect(done).toEqual(['back']);
  });

  it('a key that is no column letter cancels and is not lost: it acts as itself', () => {
    const { registry, press, done } = setUp();
    press('o', 'j');
    expect(done).toEqual(['down']);
    expect(registry.sortWait()).toBeUndefined();
    // A capital is never a column's letter: I reverses.
    press('o', 'I');
    expect(done).toEqual(['down', 'reverse']);
    // The letter of a column only picks it while the sort waits.
    press('d');
    expect(done).toEqual(['down', 'reverse']);
  });

  it('with the sort on another key, that key steps and `o` is a letter', () => {
    const { table } = remapKeys(globalTable, { sort: ['s'] });
    const { registry, press, done } = setUp(table);
    press('s');
    expect(registry.sortWait()?.keys).toEqual(['s']);
    press('s');
    // `contracts`' first free letter is now its second.
    press('s', 'o');
    expect(done).toEqual(['next', 'by contracts']);
  });

  it('a sort the pane says cannot act now says why and does not wait', () => {
    const { registry, press, done, said } = setUp(globalTable, 'the table is hidden');
    press('o');
    expect(said).toContain('the table is hidden');
    expect(registry.sortWait()).toBeUndefined();
    press('j');
    expect(done).toEqual(['down']);
  });

  it('a click stops the wait', () => {
    const { registry, press, done } = setUp();
    press('o');
    registry.cancelSortWait();
    press('d');
    expect(done).toEqual([]);
  });
});
