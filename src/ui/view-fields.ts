// What a pane's view reads of a store: the store's own values of some of its fields. Its
// one hook (hooks/use-stores-state.ts) compares them shallowly, so a pane renders only when
// one of these values is another. No React: the views and their tests use it.

/** `state`'s values of `fields`, and nothing else. */
export function fieldsOf<S extends object, const K extends keyof S>(
  state: S,
  fields: readonly K[],
): Pick<S, K> {
  const picked = {} as Pick<S, K>;
  for (const field of fields) picked[field] = state[field];
  return picked;
}
