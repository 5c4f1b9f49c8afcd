// Wallet chains and addresses as POST /account/wallet checks them (reference behaviour,
// "Wallets"): the chain by its aliases in any case; the address a Solana base58 public
// key (32 bytes, not the USDC mint) for every chain but TAO, whose address is ss58. The
// simulator refuses with these checks; the client runs them before sending.
import { createHash } from 'node:crypto';
import { REFUSALS_AS_500 } from './messages.ts';
import { BLOCKCHAIN_ALIASES, type BLOCKCHAINS } from './schemas.ts';

export type Chain = (typeof BLOCKCHAINS)[number];

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Map([...ALPHABET].map((char, value) => [char, value]));
/** Longer text cannot be a 32-byte key in either format; it is refused unread. */
const MAX_ADDRESS_LENGTH = 64;

/** The USDC mint on Solana: a valid key, but never a wallet (the service refuses it). */
const SOLANA_USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** ss58 network prefix of Bittensor (and generic Substrate) addresses. */
const SS58_PREFIX = 42;

/** The bytes of a base58 (Bitcoin alphabet) text, or undefined when it is not one. */
function base58Decode(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length > MAX_ADDRESS_LENGTH) return undefined;
  const bytes: number[] = [];
  for (const char of text) {
    let carry = DIGIT.get(char);
    if (carry === undefined) return undefined;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i] * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff);
  }
  // Each leading '1' is a leading zero byte.
  for (let i = 0; i < text.length && text[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

export function base58Encode(bytes: Uint8Array): string {
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i] << 8;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    for (; carry > 0; carry = Math.floor(carry / 58)) digits.push(carry % 58);
  }
  let zeros = '';
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) zeros += '1';
  return (
    zeros +
    digits
      .reverse()
      .map((digit) => ALPHABET[digit])
      .join('')
  );
}

const ss58Checksum = (payload: Uint8Array) =>
  createHash('blake2b512').update('SS58PRE').update(payload).digest().subarray(0, 2);

/** A Solana public key: base58 of exactly 32 bytes. */
function isSolanaAddress(address: string): boolean {
  return base58Decode(address)?.length === 32;
}

/** An ss58 address: [1- or 2-byte prefix][32-byte key][2-byte blake2b checksum], base58. */
function isSs58Address(address: string): boolean {
  const raw = base58Decode(address);
  if (!raw) return false;
  if (raw.length === 35 ? raw[0] >= 64 : raw.length !== 36 || raw[0] < 64) return false;
  return ss58Checksum(raw.subarray(0, raw.length - 2)).equals(raw.subarray(raw.length - 2));
}

/** The ss58 address of a 32-byte public key (simulated TAO wallets). */
export function ss58Address(publicKey: Uint8Array, prefix = SS58_PREFIX): string {
  const payload = Uint8Array.from([prefix, ...publicKey]);
  return base58Encode(Uint8Array.from([...payload, ...ss58Checksum(payload)]));
}

/** The chain a `blockchain` value names (any case, the service's aliases), if any. */
export function chainOf(blockchain: string | undefined): Chain | undefined {
  return BLOCKCHAIN_ALIASES[(blockchain ?? '').toUpperCase()];
}

/** Why the service would refuse this wallet (its own 500 text), or undefined when it accepts it. */
export function walletRefusal(
  blockchain: string | undefined,
  address: string | undefined,
): string | undefined {
  const chain = chainOf(blockchain);
  if (!chain) return REFUSALS_AS_500.invalidBlockchain;
  const text = address ?? '';
  const valid = chain === 'TAO' ? isSs58Address(text) : text !== SOLANA_USDC_MINT && isSolanaAddress(text);
  return valid ? undefined : REFUSALS_AS_500.invalidWalletAddress;
}
