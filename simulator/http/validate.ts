// Request decoding: strict types, the first bad field named by its path.
import type { z } from 'zod';
import { issuePath } from '../../src/contract/issue-path.ts';

export type Decoded<T> = { ok: true; value: T } | { ok: false; message: string };

/** Parses a JSON body; an empty body counts as `{}`. */
export function parseJsonBody(bytes: Buffer): Decoded<unknown> {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `malformed JSON body: ${detail}` };
  }
}

/** Validates with a request schema (which strips unknown fields). */
export function validate<T extends z.ZodType>(schema: T, value: unknown): Decoded<z.output<T>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `${issuePath(issue?.path ?? [])}: ${issue?.message ?? 'invalid value'}` };
}
