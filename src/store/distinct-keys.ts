// Keys for rows whose ids come from a server (React keys, the selected row). A hostile or
// broken server can send one id twice; a repeated key makes React drop or duplicate rows
// and a selection land on the wrong one, so a repeat gets its ordinal added.

export function distinctKeys(ids: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const count = seen.get(id) ?? 0;
    seen.set(id, count + 1);
    return count === 0 ? id : `${id}#${count}`;
  });
}
