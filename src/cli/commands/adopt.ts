// `netdeck adopt --name NAME`: a device without a screen (and without a token) asks to be
// adopted (reference-operators.md section 6): it makes an adoption code, shows its six
// words and a QR code of its link, waits (the minutes left shown) until an owner has
// added the code and names the network, confirms, and writes its client token to
// --token-file or stdout. ctrl-c withdraws the code first (exit 130). None of these
// routes wants a token. In demo mode the demo network adds the code after a few seconds.
import type { Command } from 'commander';
import { decodeToken } from '../../api/auth.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiError, isApiError } from '../../api/errors.ts';
import type { Clock } from '../../clock.ts';
import { codeLink, MAX_CODE_CHARS } from '../../contract/code-link.ts';
import { BUSINESS_TEXT } from '../../contract/messages.ts';
import type { AdoptStatusResult } from '../../contract/schemas.ts';
import { formatCount } from '../../format/numbers.ts';
import { qrLines } from '../../format/qr-lines.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { commandClock, stopSignal } from '../long-running/long-running.ts';
import { textField } from '../output/data-table.ts';
import { ExitCode } from '../output/exit-codes.ts';
import type { OutStream } from '../output/io.ts';
import type { Output } from '../output/writer.ts';
import { serviceCommand } from './service-command.ts';
import { deviceSpec, handOverToken, newTokenOf, tokenCommand } from './token-output.ts';

/** How often the device asks whether an owner has added its code (ms of the command's clock). */
export const POLL_MS = 3_000;
/** In demo mode the demo network adds the code this long after it was made. */
export const DEMO_OWNER_ADDS_MS = 5_000;
const MINUTE = 60_000;

interface Adoption {
  name: string;
  tokenFile?: string;
  csv: boolean;
  quiet: boolean;
  clock: Clock;
  signal: AbortSignal;
  stderr: OutStream;
}

export function registerAdopt(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'adopt',
    description:
      'for a device without a screen: an adoption code an owner adds, then this device’s client token',
    ...tokenCommand('the device’s name, as the owner will see it'),
    examples: [
      [
        'netdeck adopt --name "attic pi" --token-file pi.jwt',
        'shows the code, waits, writes the token (0600)',
      ],
      ['TOKEN=$(netdeck adopt --name "attic pi")', 'the token on stdout; the code and QR code on stderr'],
      ['netdeck devices add WORDS', 'the owner, on another machine: adds the code'],
    ],
    help: {
      after: `The code lasts 15 minutes. The owner adds it from any URnetwork app (type the six words
or scan the QR code) or with netdeck devices add; this device then confirms and gets a
client token of the owner's network. ctrl-c withdraws the code (exit 130). No token is
needed here; with no API configured the demo network adds the code after a few seconds.
--json prints each answer of the service as a JSON line (the code, each new status, the
confirmation; with --token-file the token goes to the file only). --quiet says nothing on
stderr, the code included: read it from --json's first line.
`,
    },
    demo: { ownerAddsAdoptionAfterMs: DEMO_OWNER_ADDS_MS },
    check: newTokenOf,
    run: async ({ client, out, simulator }, { name, tokenFile, csv, quiet }) => {
      const stop = stopSignal(context.deps);
      try {
        return await adopt(client, out, {
          name,
          tokenFile,
          csv,
          quiet,
          clock: commandClock({ client, simulator }),
          signal: stop.signal,
          stderr: context.io.stderr,
        });
      } finally {
        stop.dispose();
      }
    },
  });
}

/** The code, the QR code of its link (on a terminal) and how an owner adds it: on stderr. */
function showCode(stderr: OutStream, name: string, code: string, minutes: number): void {
  const lines = [
    `Adoption code for "${sanitize(name)}" (${minutes} minutes):`,
    '',
    `    ${code}`,
    '',
    ...(stderr.isTTY ? [...qrLines(codeLink(code)), ''] : []),
    'An owner adds it in a URnetwork app (add a device: type the words or scan the code),',
    `or with: netdeck devices add ${code}`,
  ];
  stderr.write(`${lines.join('\n')}\n`);
}

/** A status line: rewritten in place on a terminal, a line per change elsewhere (nothing with --quiet). */
function statusLine(stderr: OutStream, quiet: boolean) {
  let last = '';
  return {
    show(text: string) {
      if (quiet || text === last) return;
      last = text;
      stderr.write(stderr.isTTY ? `\r\u001b[2K${text}` : `${text}\n`);
    },
    end() {
      if (!quiet && stderr.isTTY && last) stderr.write('\n');
      last = '';
    },
  };
}

const isBusiness = (error: unknown, message?: string) =>
  isApiError(error) && error.kind === 'business' && (message === undefined || error.message === message);

async function adopt(client: ApiClient, out: Output, a: Adoption): Promise<number> {
  const made = await client.createAdoptCode({ device_name: a.name, device_spec: deviceSpec() });
  const code = made.adopt_code;
  const secret = made.adopt_secret ?? made.share_code;
  if (!code || !secret) throw new ApiError('shape', 'createAdoptCode: the answer has no code or no secret');
  if (code.length > MAX_CODE_CHARS)
    throw new ApiError(
      'shape',
      `createAdoptCode: the code is ${formatCount(code.length)} characters long, no code`,
    );
  if (out.jsonAnswer) out.jsonLine(made);
  const minutes = made.duration_minutes ?? 15;
  const expiresAt = a.clock.now() + minutes * MINUTE;
  // --quiet says nothing on stderr: the code is then in --json's first line.
  if (!a.quiet) showCode(a.stderr, a.name, sanitize(code), minutes);
  const status = statusLine(a.stderr, a.quiet);
  // Best effort: the code must not wait for an owner once this device has given up.
  const withdraw = () =>
    client.removeAdoptCode({ adopt_code: code, adopt_secret: secret }).then(
      () => true,
      () => false,
    );
  const expired = async () => {
    status.end();
    await withdraw();
    out.error(`no network added the code within ${minutes} minutes: run netdeck adopt again for a new one`);
    return ExitCode.failure;
  };
  let seen: AdoptStatusResult | undefined;
  /** The network name a confirmation was last refused for. */
  let refused: string | undefined;
  try {
    for (;;) {
      if (a.signal.aborted) {
        status.end();
        const withdrawn = await withdraw();
        out.note(withdrawn ? 'stopped: the code is withdrawn' : 'stopped; the code could not be withdrawn');
        return ExitCode.interrupted;
      }
      // Past the expiry (on the service's clock) the service is asked once more: an owner
      // may have added the code since the last answer, and the service decides then.
      const left = expiresAt - a.clock.now();
      let answer: AdoptStatusResult;
      try {
        answer = await client.adoptStatus({ adopt_code: code }, { signal: a.signal });
      } catch (error) {
        if (a.signal.aborted) continue;
        if (isBusiness(error, BUSINESS_TEXT.invalidAdoptCode)) {
          if (left <= 0) return await expired();
          throw new ApiError(
            'business',
            `the adoption was withdrawn by its owner (${BUSINESS_TEXT.invalidAdoptCode})`,
          );
        }
        throw error;
      }
      if (out.jsonAnswer && JSON.stringify(answer) !== JSON.stringify(seen)) out.jsonLine(answer);
      seen = answer;
      const owner = answer.associated_network_name;
      if (owner && answer.pending) {
        status.show(`added by network "${sanitize(owner)}": confirming…`);
        try {
          const confirmed = await client.confirmAdopt({
            adopt_code: code,
            adopt_secret: secret,
            associated_network_name: owner,
          });
          status.end();
          return deliver(out, a, owner, confirmed.by_client_jwt ?? '', confirmed);
        } catch (error) {
          if (!isBusiness(error, BUSINESS_TEXT.invalidCode)) throw error;
          // Refused twice for that name: the code expired on the service's side, or the
          // adoption changed.
          if (refused === owner)
            throw new ApiError(
              'business',
              `the service refused to confirm the adoption by "${sanitize(owner)}" (${BUSINESS_TEXT.invalidCode}): the code has expired, or the adoption was changed; run netdeck adopt again`,
            );
          // The network may have been renamed since the status: ask again at once.
          refused = owner;
          continue;
        }
      } else if (left <= 0) {
        return await expired();
      } else {
        status.show(
          `waiting for an owner to add the code… ${Math.ceil(left / MINUTE)} min left (ctrl-c withdraws it)`,
        );
      }
      await a.clock.sleep(POLL_MS, a.signal).catch(() => {});
    }
  } catch (error) {
    status.end();
    await withdraw();
    throw error;
  }
}

/** The token to its file or stdout; --json the confirmation, --csv one record. */
function deliver(out: Output, a: Adoption, owner: string, token: string, confirmed: unknown): number {
  if (!token) throw new ApiError('shape', 'confirmAdopt: the answer has no client token');
  const clientId = decodeToken(token)?.claims.client_id;
  const record = {
    network_name: owner,
    client_id: clientId,
    device_name: a.name,
    token,
    tokenFile: a.tokenFile,
  };
  const code = handOverToken(out, record, {
    csv: a.csv,
    more: [textField('NETWORK', 'network_name', (r: typeof record) => r.network_name)],
    printJson: () => out.jsonLine(a.tokenFile ? { token_file: a.tokenFile } : confirmed),
  });
  if (code !== ExitCode.ok) return code;
  out.note(
    `adopted into network "${sanitize(owner)}"${clientId ? ` as client ${clientId}` : ''}${
      a.tokenFile ? `; its client token is in ${a.tokenFile} (0600)` : ''
    }`,
  );
  return ExitCode.ok;
}
