// Bottom line: the keys that matter here, generated from the keymap (the active pane's
// footer bindings first, then the global ones), as many as fit; for a few seconds after
// something happened, that instead (the toast, event-log.tsx); while a sort waits for its
// column (`o`), the columns' letters. A key the pane's view says
// cannot act now is marked `(p) send` and dim where the theme dims (nothing else is); one
// the service cannot serve is left out (`?` and the palette say why).
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { isLiveStore } from '../../store/index.ts';
import { useKeymap, useStores, useTheme } from '../context.tsx';
import { usePaneReasons } from '../hooks/use-stores-state.ts';
import { type KeyOffer, useKeyOffer, useSortWait, useTyping } from '../input/dispatcher.tsx';
import { isPrintable } from '../input/keys.ts';
import { type Binding, dialogScope } from '../keys/bindings.ts';
import type { KeyReasons } from '../keys/key-reasons.ts';
import { keymap as defaultKeymap, footerHint, type OfferedBinding } from '../keys/keymap.ts';
import { sortWaitHint } from '../keys/sort-letters.ts';
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
 * The bindings with the pane's reasons (by action): a key the service cannot serve left
 * out, one that cannot act now marked.
 */
export function withReasons(bindings: Binding[], reasons: KeyReasons): OfferedBinding[] {
  return bindings.flatMap((b) => {
    const reason = reasons[b.action];
    if (!reason) return [b];
    return reason.unserved ? [] : [{ ...b, notNow: true }];
  });
}

/**
 * The bindings whose hints fit in `width`, two spaces apart, in table order; the global
 * ones (help and quit above all) get their room first, so `?` is always discoverable,
 * and so does a dialog's esc, so the way out shows at any width.
 */
function fitBindings(bindings: OfferedBinding[], width: number): OfferedBinding[] {
  const cost = (b: OfferedBinding) => displayWidth(footerHint(b)) + 2;
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
  return bindings.filter((b) => keep.has(b));
}

/** The hints that fit in `width` (fitBindings), as the footer words them. */
export const fitHints = (bindings: OfferedBinding[], width: number): string[] =>
  fitBindings(bindings, width).map(footerHint);

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
  const reasons = usePaneReasons(pane);
  const waiting = useSortWait();
  // The key after `o` picks a column: its letters, over the hints, the toast and a dialog's keys.
  if (waiting)
    return (
      <Box width={width} height={1} overflowY="hidden">
        <Text color={theme.accent} wrap="truncate">
          {sortWaitHint(waiting.letters, waiting.keys, width)}
        </Text>
      </Box>
    );
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
  if (typing && !dialog)
    return (
      <Box width={width} height={1} overflowY="hidden">
        <Text wrap="truncate">{TYPING_HINTS}</Text>
      </Box>
    );
  const offered = applyOffer(footerBindings(pane, dialog, inBox, table), offer);
  const hints = fitBindings(dialog ? offered : withReasons(offered, reasons), width);
  return (
    <Box width={width} height={1} overflowY="hidden">
      <Text wrap="truncate">
        {hints.map((b, i) => (
          <Text key={`${b.scope} ${b.action}`} dimColor={b.notNow && theme.dim}>
            {`${i ? '  ' : ''}${footerHint(b)}`}
          </Text>
        ))}
      </Text>
    </Box>
  );
}
