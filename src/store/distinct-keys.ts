// Keys for rows whose ids come from a server (React keys, the selected row). A hostile or
// broken server can send one id twice; a repeated key makes React drop or duplicate rows
// and a selection land on the wrong one, so a repeat gets its ordinal added. And an id
// kept as a key of an object is looked up as an own key: `constructor` is no entry.

export function distinctKeys(ids: readonly string[]): string[] {
  const taken = new Set<string>();
  const repeats = new Map<string, number>();
  return ids.map((id) => {
    let key = id;
    // An ordinal can make another id (`a`, `a`, `a#1`): count on until the key is free.
    for (let n = repeats.get(id) ?? 0; taken.has(key); ) key = `${id}#${++n}`;
    if (key !== id) repeats.set(id, Number(key.slice(id.length + 1)));
    taken.add(key);
    return key;
  });
}

/** The entry of `record` under a server's id, own keys only (`toString` finds nothing it does not hold). */
export const ownEntry = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
