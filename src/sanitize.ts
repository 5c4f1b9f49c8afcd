// The one sanitiser for text that came from outside netdeck (a server's answer or error,
// a file, the environment) on its way to a terminal, used by the console and the
// commands alike. A hostile string must not move the cursor, clear the screen, set the
// title or the clipboard (OSC 0, OSC 52), reorder what is shown (bidi overrides) or hide
// text (invisible format characters). A leaf module: it imports nothing of netdeck.

// Whole escape sequences first, so their parameters do not show as junk: CSI, OSC (ended
// by BEL or ST, or by the end of the text), DCS/SOS/PM/APC strings, two-byte escapes, and
// the C1 forms of CSI, OSC and the strings.
const ESCAPE_SEQUENCES =
  /\u001b\[[0-?]*[ -/]*[@-~]?|\u001b\][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[PX^_][^\u001b\u009c]*(?:\u001b\\|\u009c)?|\u001b[ -~]?|\u009b[0-?]*[ -/]*[@-~]?|\u009d[^\u0007\u009c]*[\u0007\u009c]?|[\u0090\u0098\u009e\u009f][^\u009c\u001b]*(?:\u009c|\u001b\\)?/g;

// Line breaks and tabs of any kind become a space: every field is drawn on one line.
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

// What is left to drop: C0 and C1 controls and DEL; format characters (Cf: bidi
// embeddings, overrides and isolates, marks, zero-width spaces, word joiners, invisible
// operators, tag characters) but the two joiners that shape emoji and Persian script
// (ZWNJ U+200C, ZWJ U+200D); and the blank "filler" letters that draw as nothing.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u115f\u1160\u3164\uffa0]|(?![\u200c\u200d])\p{Cf}/gu;

// Half of a surrogate pair on its own: no character at all (a terminal would draw junk).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** One line of outside text made inert: escapes and controls dropped, breaks made spaces. */
export function sanitize(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  // Most text is plain: skip the regular expressions when nothing could match.
  if (!/[^\u0020-\u007e]/.test(text)) return text;
  return text
    .replace(ESCAPE_SEQUENCES, '')
    .replace(BREAKS, ' ')
    .replace(INVISIBLE, '')
    .replace(LONE_SURROGATE, '\ufffd');
}

/** The most of a server's message (an error body, a refusal) shown on one line. */
export const MAX_MESSAGE_CHARS = 300;

/** Cuts `text` to `max` characters (code points), ending in `…` when something was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  // Only the start is kept: a megabyte is not spread into code points to keep 80. Past
  // 2 * max UTF-16 units there are more than `max` code points, so it is cut all the same.
  const points = [...text.slice(0, 2 * max + 1)];
  return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** The most of a name the user gave (a config key, an action) that a message echoes. */
export const MAX_ECHOED_CHARS = 80;

/** A name the user gave, as a message echoes it: cut to MAX_ECHOED_CHARS with `…`. */
export const echoed = (name: string): string => clip(name, MAX_ECHOED_CHARS);

/**
 * A key or a short name the user gave, quoted for a message: `"x"`, or by its code points
 * (`U+202E`) when it holds what sanitize removes, so a message can say which one it is.
 */
export function quotedName(name: string): string {
  if (sanitize(name) === name) return `"${echoed(name)}"`;
  const points = [...name.slice(0, 17)].slice(0, 8);
  const codes = points.map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  return `${codes.join(' ')}${name.length > points.join('').length ? ' …' : ''}`;
}

/** Several lines as one: each trimmed, empty ones dropped, the rest joined by " | "; sanitised. */
export function oneLine(text: string): string {
  return sanitize(
    text
      .split(/\r\n|[\n\r\u0085\u2028\u2029]/)
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' | '),
  );
}

/**
 * The most of one outside field the console draws: wider than any terminal, and small
 * enough that laying out a name a server made a megabyte long costs nothing.
 */
const MAX_FIELD_CHARS = 1000;

/** One field for the screen: sanitised and cut to `max` characters with an ellipsis. */
export function screenText(value: unknown, max = MAX_FIELD_CHARS): string {
  const full = value === undefined || value === null ? '' : String(value);
  if (full.length <= max) return sanitize(full);
  return clip(`${sanitize(full.slice(0, max * 4))}…`, max);
}

/** A server's message for one line: folded to one line, runs of spaces collapsed, long ones cut. */
export function serverMessage(value: unknown, max = MAX_MESSAGE_CHARS): string {
  const full = value === undefined || value === null ? '' : String(value);
  // Only the start is ever shown: sanitising megabytes to keep 300 characters is waste.
  const head = full.length > max * 4 ? full.slice(0, max * 4) : full;
  const text = oneLine(head).replace(/ {2,}/g, ' ').trim();
  return clip(head === full ? text : `${text}…`, max);
}

// Inside JSON text these can only be in strings: escaping them keeps the value and the
// validity (JSON.stringify already escapes C0; DEL, C1, format characters, line and
// paragraph separators and fillers pass through it raw).
const JSON_UNSAFE =
  /[\u007f-\u009f\u115f\u1160\u2028\u2029\u3164\uffa0]|(?![\u200c\u200d])\p{Cf}|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/** JSON text with every character a terminal would act on written as `\uXXXX`: same value. */
function escapeJsonText(json: string): string {
  if (!/[^\u0020-\u007e\n]/.test(json)) return json;
  return json.replace(JSON_UNSAFE, (ch) => {
    let out = '';
    for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}

/**
 * The one JSON writer for text a person may look at (`--json`, the Providers export):
 * `value` as JSON, with what a terminal would act on escaped.
 */
export const jsonText = (value: unknown, indent?: number): string =>
  escapeJsonText(JSON.stringify(value, null, indent));

// The only escape sequences netdeck itself writes to a command's output: colours (SGR).
export const SGR = /\u001b\[[0-9;]*m/g;

/** One line of netdeck's own styled text (a table cell): its colours kept, the rest sanitised. */
export function sanitizeStyled(line: string): string {
  if (!/[^\u0020-\u007e]/.test(line)) return line;
  const kept = line.match(SGR) ?? [];
  return line
    .split(SGR)
    .map((part, i) => sanitize(part) + (kept[i] ?? ''))
    .join('');
}

/**
 * Text a command writes, made safe line by line (the last line of defence: cells and
 * messages are sanitised where they are built). Newlines separate lines; with `colour`
 * the SGR sequences of netdeck's own styling are kept.
 */
export function sanitizeOutput(text: string, colour: boolean): string {
  if (!/[^\u0020-\u007e\n]/.test(text)) return text;
  return text
    .split('\n')
    .map((line) => (colour ? sanitizeStyled(line) : sanitize(line)))
    .join('\n');
}
