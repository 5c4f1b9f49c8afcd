// Go's JSON syntax check (encoding/json scanner.go), byte by byte, for its exact error
// texts: the real service answers a malformed body with 400 and the message of Go's
// json.Unmarshal (current era) or json.Decoder (seed era), e.g. `invalid character 'x'
// after top-level value`, `unexpected end of JSON input`, `unexpected EOF`.
// Only called once JSON.parse has refused a body (or to find where a Decoder's first
// value ends), so it may favour being a faithful copy of the state machine over speed.

type Step = (s: Scanner, c: number) => Result;

enum Result {
  Continue = 0,
  End = 1,
  Error = 2,
}

const PARSE_OBJECT_KEY = 0;
const PARSE_OBJECT_VALUE = 1;
const PARSE_ARRAY_VALUE = 2;
/** Go's maxNestingDepth. */
export const MAX_NESTING_DEPTH = 10_000;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** Go's quoteChar: the byte as a rune, quoted as strconv.Quote would, in single quotes. */
export function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return "'\"'";
  const named: Record<number, string> = {
    7: '\\a',
    8: '\\b',
    9: '\\t',
    10: '\\n',
    11: '\\v',
    12: '\\f',
    13: '\\r',
  };
  if (named[c]) return `'${named[c]}'`;
  if (c === 0x5c) return "'\\\\'";
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, '0')}'`;
  if (c >= 0x80 && c < 0xa0) return `'\\u00${c.toString(16).padStart(2, '0')}'`;
  if (c === 0xa0 || c === 0xad) return `'\\u00${c.toString(16)}'`;
  return `'${String.fromCharCode(c)}'`;
}

class Scanner {
  step: Step = stateBeginValue;
  parseState: number[] = [];
  err: string | undefined;
  endTop = false;

  /** Moves to the next state: the byte is taken. */
  to(next: Step): Result {
    this.step = next;
    return Result.Continue;
  }

  error(c: number, context: string): Result {
    this.step = stateError;
    this.err = `invalid character ${quoteChar(c)} ${context}`;
    return Result.Error;
  }

  push(state: number): Result {
    this.parseState.push(state);
    if (this.parseState.length > MAX_NESTING_DEPTH) {
      this.step = stateError;
      this.err = 'exceeded max depth';
      return Result.Error;
    }
    return Result.Continue;
  }

  pop(): Result {
    this.parseState.pop();
    if (this.parseState.length === 0) {
      this.step = stateEndTop;
      this.endTop = true;
    } else {
      this.step = stateEndValue;
    }
    return Result.Continue;
  }

  /** Go's scanner.eof(). */
  eof(): Result {
    if (this.err !== undefined) return Result.Error;
    if (this.endTop) return Result.End;
    this.step(this, 0x20);
    if (this.endTop) return Result.End;
    this.err ??= 'unexpected end of JSON input';
    return Result.Error;
  }
}

function stateError(): Result {
  return Result.Error;
}

function stateBeginValueOrEmpty(s: Scanner, c: number): Result {
  if (isSpace(c)) return Result.Continue;
  if (c === 0x5d) return stateEndValue(s, c);
  return stateBeginValue(s, c);
}

function stateBeginValue(s: Scanner, c: number): Result {
  if (isSpace(c)) return Result.Continue;
  switch (c) {
    case 0x7b: // {
      s.step = stateBeginStringOrEmpty;
      return s.push(PARSE_OBJECT_KEY);
    case 0x5b: // [
      s.step = stateBeginValueOrEmpty;
      return s.push(PARSE_ARRAY_VALUE);
    case 0x22:
      return s.to(stateInString);
    case 0x2d: // -
      return s.to(stateNeg);
    case 0x30:
      return s.to(state0);
    case 0x74: // t
      return s.to(literal('rue', 'true'));
    case 0x66: // f
      return s.to(literal('alse', 'false'));
    case 0x6e: // n
      return s.to(literal('ull', 'null'));
  }
  if (c >= 0x31 && c <= 0x39) return s.to(state1);
  return s.error(c, 'looking for beginning of value');
}

function stateBeginStringOrEmpty(s: Scanner, c: number): Result {
  if (isSpace(c)) return Result.Continue;
  if (c === 0x7d) {
    s.parseState[s.parseState.length - 1] = PARSE_OBJECT_VALUE;
    return stateEndValue(s, c);
  }
  return stateBeginString(s, c);
}

function stateBeginString(s: Scanner, c: number): Result {
  if (isSpace(c)) return Result.Continue;
  if (c === 0x22) return s.to(stateInString);
  return s.error(c, 'looking for beginning of object key string');
}

function stateEndValue(s: Scanner, c: number): Result {
  const n = s.parseState.length;
  if (n === 0) {
    s.step = stateEndTop;
    s.endTop = true;
    return stateEndTop(s, c);
  }
  if (isSpace(c)) return s.to(stateEndValue);
  switch (s.parseState[n - 1]) {
    case PARSE_OBJECT_KEY:
      if (c === 0x3a) {
        s.parseState[n - 1] = PARSE_OBJECT_VALUE;
        return s.to(stateBeginValue);
      }
      return s.error(c, 'after object key');
    case PARSE_OBJECT_VALUE:
      if (c === 0x2c) {
        s.parseState[n - 1] = PARSE_OBJECT_KEY;
        return s.to(stateBeginString);
      }
      if (c === 0x7d) return s.pop();
      return s.error(c, 'after object key:value pair');
    default:
      if (c === 0x2c) return s.to(stateBeginValue);
      if (c === 0x5d) return s.pop();
      return s.error(c, 'after array element');
  }
}

/** After the top-level value: any non-space byte is an error, reported on the next step (or at eof). */
function stateEndTop(s: Scanner, c: number): Result {
  if (!isSpace(c)) s.error(c, 'after top-level value');
  return Result.End;
}

function stateInString(s: Scanner, c: number): Result {
  if (c === 0x22) return s.to(stateEndValue);
  if (c === 0x5c) return s.to(stateInStringEsc);
  if (c < 0x20) return s.error(c, 'in string literal');
  return Result.Continue;
}

function stateInStringEsc(s: Scanner, c: number): Result {
  if ('bfnrt\\/"'.includes(String.fromCharCode(c))) return s.to(stateInString);
  if (c === 0x75) return s.to(hexEscape(4));
  return s.error(c, 'in string escape code');
}

function hexEscape(left: number): Step {
  return (s, c) => {
    if (!isHex(c)) return s.error(c, 'in \\u hexadecimal character escape');
    return s.to(left === 1 ? stateInString : hexEscape(left - 1));
  };
}

function stateNeg(s: Scanner, c: number): Result {
  if (c === 0x30) return s.to(state0);
  if (c >= 0x31 && c <= 0x39) return s.to(state1);
  return s.error(c, 'in numeric literal');
}

/** Digits go on; any other byte is `after`'s to judge. */
const digitsThen =
  (after: Step): Step =>
  (s, c) =>
    isDigit(c) ? Result.Continue : after(s, c);

/** A digit must come here (Go's error says where); then `next`. */
const digitTo =
  (next: Step, where: string): Step =>
  (s, c) =>
    isDigit(c) ? s.to(next) : s.error(c, where);

// Go's number states: after a first digit 1-9 (state1) or 0 (state0), after the point,
// in the fraction (stateDot0), after the e, after its sign, in the exponent (stateE0).
const state1 = digitsThen(state0);

function state0(s: Scanner, c: number): Result {
  if (c === 0x2e) return s.to(stateDot);
  if (c === 0x65 || c === 0x45) return s.to(stateE);
  return stateEndValue(s, c);
}

const stateDot = digitTo(stateDot0, 'after decimal point in numeric literal');

function stateDot0(s: Scanner, c: number): Result {
  if (isDigit(c)) return Result.Continue;
  if (c === 0x65 || c === 0x45) return s.to(stateE);
  return stateEndValue(s, c);
}

function stateE(s: Scanner, c: number): Result {
  if (c === 0x2b || c === 0x2d) return s.to(stateESign);
  return stateESign(s, c);
}

const stateE0 = digitsThen(stateEndValue);
const stateESign = digitTo(stateE0, 'in exponent of numeric literal');

/** `true`, `false`, `null` after their first letter. */
function literal(rest: string, word: string): Step {
  return (s, c) => {
    const want = rest.charCodeAt(0);
    if (c !== want) return s.error(c, `in literal ${word} (expecting '${rest[0]}')`);
    return s.to(rest.length === 1 ? stateEndValue : literal(rest.slice(1), word));
  };
}

/** json.Unmarshal's check of the whole input: the error text, or undefined when valid. */
export function unmarshalSyntaxError(bytes: Uint8Array): string | undefined {
  const s = new Scanner();
  for (let i = 0; i < bytes.length; i++) {
    if (s.step(s, bytes[i]) === Result.Error) return s.err;
  }
  return s.eof() === Result.Error ? s.err : undefined;
}

/**
 * What json.Decoder.Decode reads: the first value, where it ends (the rest is never
 * read), or the error: `EOF` for nothing but space, `unexpected EOF` for a cut value.
 */
export function decoderFirstValue(bytes: Uint8Array): { end: number } | { error: string } {
  const s = new Scanner();
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    const result = s.step(s, c);
    if (result === Result.Error) return { error: s.err ?? 'invalid JSON' };
    if (result === Result.End) return { end: i };
    // An object or array ends at its closing byte (Go steps a space to confirm it).
    if ((c === 0x7d || c === 0x5d) && s.endTop) return { end: i + 1 };
  }
  if (s.step(s, 0x20) === Result.End || s.endTop) return { end: bytes.length };
  for (const c of bytes) if (!isSpace(c)) return { error: 'unexpected EOF' };
  return { error: 'EOF' };
}
