// What the simulator keeps, bounded: a stream of requests of any length leaves its
// memory flat (choices of this project where the real service, with a database behind
// it, sets no limit; the share-code limit answers as the service's other limits do).
// What it keeps of a request is also a copy: a field cut out of a body is a slice of the
// body's whole text, and kept as it is it would keep the whole body alive (60 posts of a
// 4 MB feedback once cost 270 MB).
import { createHash } from 'node:crypto';
import { HTTP_TEXT } from '../../src/contract/messages.ts';
import { SimError } from './errors.ts';

/** Device and association names are cut to this many characters before they are kept. */
export const MAX_NAME_LENGTH = 256;
/**
 * A name the service stores without cutting it (the device adoption and client routes):
 * longer than the database's column, it is a database error, the service's 500.
 */
export function checkNameColumn(text: string, column = MAX_NAME_LENGTH): void {
  if ([...text].length > column) throw new SimError(500, HTTP_TEXT.internal);
}
/** Feedback's free text is cut to 4 KiB (UTF-16 code units) before it is kept. */
export const MAX_FEEDBACK_OTHER = 4096;
/** Only the newest feedbacks are kept. */
export const MAX_FEEDBACKS = 1000;
/** Live share codes a network may own; one more is `Too many share codes.`. */
export const MAX_SHARE_CODES_PER_NETWORK = 500;
/** Wallets (active or removed) a network may hold; one more is `error creating new wallet`. */
export const MAX_WALLETS_PER_NETWORK = 100;
/**
 * Adoption codes made by devices (no token, no rate limit) that no owner has added yet;
 * one more forgets the oldest of them, as if it had expired (they live 15 minutes).
 */
export const MAX_OPEN_DEVICE_ADOPT_CODES = 10_000;
/** API keys a network may hold (the service has no cap); one more is a 500, as a database failure. */
export const MAX_API_KEYS_PER_NETWORK = 1000;
/**
 * Blocked ids a network may hold that name no location of the world (the service stores
 * any id, and lists only known ones); past it such an id is answered `{}` and not kept.
 * Ids of the world's locations are always kept: there are only so many.
 */
export const MAX_UNKNOWN_BLOCKS_PER_NETWORK = 100;
/** Login-attempt histories are kept for at most 20 000 (address, user) pairs: world/index.ts. */

/** Keys of rate-limit windows longer than this (a user auth) are kept as a digest. */
const MAX_KEY_LENGTH = 320;

/**
 * A copy of `text` that holds only its own characters, whatever string it was cut from
 * (the one place the simulator makes one: use it for whatever it keeps of a request).
 */
export function ownString(text: string): string {
  return text.length === 0 ? '' : Buffer.from(text, 'utf16le').toString('utf16le');
}

/** A name as it is kept: at most MAX_NAME_LENGTH characters (whole code points), a copy. */
export function boundedName(name: string): string {
  if (name.length <= MAX_NAME_LENGTH) return ownString(name);
  let end = 0;
  for (let points = 0; points < MAX_NAME_LENGTH && end < name.length; points++)
    end += (name.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  return ownString(name.slice(0, end));
}

/** A text as it is kept: cut to `max` UTF-16 code units, never inside a surrogate pair, a copy. */
export function boundedText(text: string, max: number): string {
  if (text.length <= max) return ownString(text);
  const cut = text.slice(0, max);
  return ownString(/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut);
}

/** A rate-limit key as it is kept: a copy, or a digest of a long one (still one key per text). */
export function keptKey(text: string): string {
  return text.length <= MAX_KEY_LENGTH
    ? ownString(text)
    : `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
