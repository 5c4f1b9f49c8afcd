// The path of a schema issue as every message names it: `specs[0].location_id`,
// `providers[3].tier`, `profiles.work.apiUrl`; `(root)` for the value itself.

export function issuePath(path: readonly PropertyKey[]): string {
  const text = path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  );
  return text || '(root)';
}
