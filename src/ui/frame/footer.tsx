// Bottom line: the keys that matter here, generated from the keymap (the active pane's
// footer bindings first, then the global ones), as many as fit; for a few seconds after
// something happened, that instead (the toast, event-log.tsx).
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { isLiveStore } from '../../store/index.ts';
import { useKeymap, useStores, useTheme } from '../context.tsx';
import { type KeyOffer, useKeyOffer, useTyping } from '../input/dispatcher.tsx';
import { isPrintable } from '../input/keys.ts';
import { type Binding, dialogScope } from '../keys/bindings.ts';
import { keymap as defaultKeymap, footerHint } from '../keys/keymap.ts';
import type { Pane } from '../panes/types.ts';
import { displayWidth } from '../text.ts';
import { Toast, useToast } from './event-log.tsx';

/** A binding with only its keys that are not text (what still acts while a box has the keys). */
function untyped(b: Binding): Binding | undefined {
  // Named keys are words ('enter', 'down'); a typed one is a single character (or space).
  const keys = b.keys.filter((key) => key !== 'space' && !([...key].length === 1 && isPrintable(key)));
  return keys.length ? { ...b, keys } : undefined;
}

/**
 * The footer's bindings in `table` (the user's keys); `typing`: a dialog's text box has the
 * keys, so `j` or `y` is text there.
 */
export function footerBindings(
  pane: Pane,
  dialog?: string,
  typing = false,
  table: readonly Binding[] = defaultKeymap,
): Binding[] {
  if (dialog) {
    const scope = dialogScope(dialog);
    const own = table.filter((b) => b.scope === scope);
    return typing ? own.flatMap((b) => untyped(b) ?? []) : own;
  }
  // `/`, `o` and `r` are offered only where the pane does something with them.
  const { search } = pane;
  const live = isLiveStore(pane.store);
  const offered = (b: Binding) =>
    b.keys.length > 0 &&
    (b.action === 'search'
      ? search !== undefined
      : b.action === 'sort'
        ? pane.sorts === true
        : b.action === 'refresh'
          ? live
          : true);
  const globals = table
    .filter((b) => b.scope === 'global' && b.footer && offered(b))
    .map((b) => (b.action === 'search' && search ? { ...b, help: search, footer: true } : b));
  return [...table.filter((b) => b.footer && b.scope === pane.id), ...globals];
}

/**
 * The bindings as offered now: those the offer leaves out gone, others in its words; keys
 * that now do the same are one hint (`y/enter/n/esc close` once a question is answered).
 */
export function applyOffer(bindings: Binding[], offer: KeyOffer | undefined): Binding[] {
  if (!offer) return bindings;
  const shown: Binding[] = [];
  for (const b of bindings) {
    const help = offer[b.action];
    if (help === false) continue;
    // A pane's own word for a key replaces the table's, the footer's short one too.
    const next = help === undefined ? b : { ...b, help, footer: b.footer && true };
    const same = shown.findIndex((other) => other.help === next.help && other.scope === next.scope);
    if (same >= 0) shown[same] = { ...shown[same], keys: [...shown[same].keys, ...next.keys] };
    else shown.push(next);
  }
  return shown;
}

/**
 * The hints that fit in `width`, two spaces apart, in table order; the global ones
 * (help and quit above all) get their room first, so `?` is always discoverable, and
 * so does a dialog's esc, so the way out shows at any width.
 */
export function fitHints(bindings: Binding[], width: number): string[] {
  const cost = (b: Binding) => displayWidth(footerHint(b)) + 2;
  const keep = new Set<Binding>();
  let used = 0;
  const byPriority = [
    ...bindings.filter((b) => b.action === 'help' || b.action === 'quit' || b.keys.includes('esc')),
    ...bindings.filter((b) => b.scope !== 'global'),
    ...bindings.filter((b) => b.scope === 'global'),
  ];
  for (const b of byPriority) {
    if (keep.has(b) || used + cost(b) > width + 2) continue;
    keep.add(b);
    used += cost(b);
  }
  return bindings.filter((b) => keep.has(b)).map(footerHint);
}

/** While a text box has the keys, its own keys (TextInput's, not the table's). */
const TYPING_HINTS = 'typing: enter done · esc leave · ←/→ cursor · ↑/↓ move · ctrl-u clear · ctrl-c quit';

export function Footer({
  width,
  pane,
  dialog,
  typing,
}: {
  width: number;
  pane: Pane;
  dialog?: string;
  typing?: boolean;
}) {
  const theme = useTheme();
  const said = useStore(useStores().session, (s) => s.said);
  const toast = useToast();
  const inBox = useTyping();
  const table = useKeymap();
  const offer = useKeyOffer(dialog ? dialogScope(dialog) : pane.id);
  // A key that could not act says why, in place of the hints, until the next key.
  if (said && !dialog)
    return (
      <Box width={width} height={1} overflowY="hidden">
        <Text color={theme.warn} wrap="truncate">
          {said}
        </Text>
      </Box>
    );
  if (toast && !dialog && !typing) return <Toast item={toast} width={width} />;
  const hints =
    typing && !dialog
      ? [TYPING_HINTS]
      : fitHints(applyOffer(footerBindings(pane, dialog, inBox, table), offer), width);
  return (
    <Box width={width} height={1} overflowY="hidden">
      <Text dimColor={theme.dim} wrap="truncate">
        {hints.join('  ')}
      </Text>
    </Box>
  );
}
