// What the simulator keeps, bounded: a stream of requests of any length leaves its
// memory flat (choices of this project where the real service, with a database behind
// it, sets no limit; the share-code limit answers as the service's other limits do).

/** Device and association names are cut to this many characters before they are kept. */
export const MAX_NAME_LENGTH = 256;
/** Feedback's free text is cut to 4 KiB (UTF-16 code units) before it is kept. */
export const MAX_FEEDBACK_OTHER = 4096;
/** Only the newest feedbacks are kept. */
export const MAX_FEEDBACKS = 1000;
/** Live share codes a network may own; one more is `Too many share codes.`. */
export const MAX_SHARE_CODES_PER_NETWORK = 500;
/** Wallets (active or removed) a network may hold; one more is `error creating new wallet`. */
export const MAX_WALLETS_PER_NETWORK = 100;
/** Login-attempt histories are kept for at most 20 000 (address, user) pairs: world/index.ts. */

/** A name as it is kept: at most MAX_NAME_LENGTH characters (whole code points). */
export function boundedName(name: string): string {
  if (name.length <= MAX_NAME_LENGTH) return name;
  let end = 0;
  for (let points = 0; points < MAX_NAME_LENGTH && end < name.length; points++)
    end += (name.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  return name.slice(0, end);
}

/** A text cut to `max` UTF-16 code units, never inside a surrogate pair. */
export function boundedText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
