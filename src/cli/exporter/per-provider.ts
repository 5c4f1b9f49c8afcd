// `--per-provider all|top:N|off`: how many providers get series of their own. Each one is
// a dozen series; a fleet of thousands is served cheaply by the aggregates alone
// (aggregates.ts), with `off`. `top:N` keeps the first N by client id, so the same ones
// from poll to poll: a ranking by earnings would start and end series as figures move.
import { InvalidArgumentError } from 'commander';

export const PER_PROVIDER_HELP =
  'which providers get series of their own: all, top:N (the first N by client id; the rest are counted in netdeck_providers_omitted), or off (the aggregates by state, provide mode and country only)';

/** The most providers with series of their own that `--per-provider` says (Infinity for all). */
export function perProviderArg(value: string): number {
  const text = value.trim().toLowerCase();
  if (text === 'all') return Number.POSITIVE_INFINITY;
  if (text === 'off') return 0;
  const top = /^top:(\d{1,9})$/.exec(text);
  if (top) return Number(top[1]);
  throw new InvalidArgumentError('expects all, top:N (a whole number) or off.');
}
