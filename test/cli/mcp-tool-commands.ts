// The reading tools of `netdeck mcp` that take no argument, each with the command whose
// `--json` holds the same records: the in-process tests and the stdio test compare them alike.
export const PLAIN_TOOL_COMMANDS = [
  ['earnings', ['earnings']],
  ['payments', ['payments']],
  ['reliability', ['reliability']],
  ['ranking', ['ranking']],
  ['stale_clients', ['clients', '--stale', '7d']],
  ['clients', ['clients']],
  ['devices', ['devices']],
  ['balance', ['balance']],
  ['balance_codes', ['balance', 'codes']],
] as const;
