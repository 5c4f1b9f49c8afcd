// What the `:` command palette offers (k9s's `:`): every pane to go to and every action of
// the key table (the user's keys: keys/remap.ts) outside the dialogs, matched fuzzily
// against what is typed. An action of the active pane its service cannot serve says why
// (its view's reason), its keys in brackets. No React: the palette (palette.tsx) draws
// and runs them.
import { type Binding, isDialogScope, type Scope } from '../keys/bindings.ts';
import type { KeyReasons } from '../keys/key-reasons.ts';
import { keyLabel } from '../keys/keymap.ts';
import { PANES } from '../panes/registry.ts';

export interface PaletteEntry {
  /** The binding's scope: `global` or a pane's id. */
  scope: Scope;
  action: string;
  /** What it does, as the help says it ("share a device", "go to Devices"). */
  label: string;
  /** Where it acts: "Devices", or "everywhere". */
  where: string;
  /** Its keys as the footer writes them ("s", "1"); empty for an action with no key left. */
  keys: string;
  /** Why the service cannot serve it (the active pane's view says): running it says so. */
  unserved?: string;
}

const paneTitle = (scope: Scope) => PANES.find((p) => p.id === scope)?.title;

/** The palette's own key is no action to run from it. */
const OWN = 'palette';

/**
 * Every pane, then the active pane's actions, the global ones, and the other panes' (in
 * the table's order within each); `reasons`: the active pane's (its view's).
 */
export function paletteEntries(
  table: readonly Binding[],
  active: Scope,
  reasons: KeyReasons = {},
): PaletteEntry[] {
  const entry = (b: Binding): PaletteEntry => {
    const pane = b.action.startsWith('pane:') ? paneTitle(b.action.slice('pane:'.length)) : undefined;
    const keys = b.keys.map(keyLabel).join(' ');
    const reason = b.scope === active || b.scope === 'global' ? reasons[b.action] : undefined;
    return {
      scope: b.scope,
      action: b.action,
      label: pane ? `go to ${pane}` : b.help,
      where: b.scope === 'global' ? (pane ? 'pane' : 'everywhere') : (paneTitle(b.scope) ?? b.scope),
      keys,
      ...(reason?.unserved ? { keys: `(${keys})`, unserved: reason.why } : {}),
    };
  };
  const runnable = table.filter((b) => !isDialogScope(b.scope) && b.action !== OWN);
  const panes = runnable.filter((b) => b.scope === 'global' && b.action.startsWith('pane:'));
  const globals = runnable.filter((b) => b.scope === 'global' && !b.action.startsWith('pane:'));
  const own = runnable.filter((b) => b.scope === active);
  const others = runnable.filter((b) => b.scope !== 'global' && b.scope !== active);
  return [...panes, ...own, ...globals, ...others].map(entry);
}

const WORD_START = /[\s\-_/:.,(]/;

/** What a query found whole in the text scores above any scattered match. */
const WHOLE = 20;

/**
 * How well `query` matches `text` (case aside), or undefined when it does not: found
 * whole scores highest (at a word's start more, the earlier the better); else as a fuzzy
 * subsequence (its characters in order), where runs of adjacent characters and
 * characters at the start of a word score higher, gaps lower.
 */
export function fuzzyScore(query: string, text: string): number | undefined {
  const t = text.toLowerCase();
  const trimmed = query.trim().toLowerCase();
  const whole = trimmed ? t.indexOf(trimmed) : -1;
  if (whole >= 0) {
    const start = whole === 0 || WORD_START.test(t[whole - 1]);
    return WHOLE + trimmed.length + (start ? 10 : 0) - whole * 0.1;
  }
  const q = trimmed.replace(/\s+/g, '');
  if (!q) return 0;
  let score = 0;
  let at = -1;
  let run = 0;
  for (const ch of q) {
    const found = t.indexOf(ch, at + 1);
    if (found < 0) return undefined;
    run = found === at + 1 ? run + 1 : 0;
    const start = found === 0 || WORD_START.test(t[found - 1]);
    score += 1 + run * 2 + (start ? 3 : 0) - Math.min(3, found - at - 1) * 0.5;
    at = found;
  }
  return score;
}

const WHERE_BELOW = 12;

/** The entries that match `query`, best first (ties in the palette's order). */
export function matchEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  if (!query.trim()) return [...entries];
  return entries
    .map((e, index) => {
      const label = fuzzyScore(query, e.label);
      const whole = fuzzyScore(query, `${e.where} ${e.label}`);
      // Matched by where it acts too ("dev" for Devices' actions), below what its words match.
      const best = Math.max(label ?? -Infinity, (whole ?? -Infinity) - WHERE_BELOW);
      return { e, index, score: Number.isFinite(best) ? best : undefined };
    })
    .filter((m): m is { e: PaletteEntry; index: number; score: number } => m.score !== undefined)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((m) => m.e);
}
