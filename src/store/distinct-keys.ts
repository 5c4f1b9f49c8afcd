// Keys for rows whose ids come from a server (React keys, the selected row). A hostile or
// broken server can send one id twice; a repeated key makes React drop or duplicate rows
// and a selection land on the wrong one, so a repeat gets its ordinal added. And an id
// kept as a key of an object is looked up as an own key: `constructor` is no entry.

export function distinctKeys(ids: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const count = seen.get(id) ?? 0;
    seen.set(id, count + 1);
    return count === 0 ? id : `${id}#${count}`;
  });
}

/** The entry of `record` under a server's id, own keys only (`toString` finds nothing it does not hold). */
export const ownEntry = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
