// `netdeck signup`: a new network and its user, as the web app signs up (issue 34): the
// name checked (POST /auth/network-check), the terms shown and accepted (the service
// serves no link: the web app's, app/src/components/SignUpModal.tsx, links
// https://ur.io/terms and https://ur.io/privacy; connect's api/bringyour.yml names the
// first), the network made (/auth/network-create, which e-mails a code), verified with
// that code (/auth/verify) and the token kept as `netdeck login` keeps it. Without a
// terminal, a run without --code stops once the code is sent; `--code` finishes. In demo
// mode the simulator's in-process access fills the code in.
import type { Command } from 'commander';
import { checkFromService } from '../../api/auth.ts';
import { ApiError } from '../../api/errors.ts';
import { checkNetworkName } from '../../contract/network-name.ts';
import { TERMS_URL } from '../../contract/schemas.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import type { CommonOptions } from '../options.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import { saveLogin } from '../profile/login-store.ts';
import { askSecret, askYesNo } from '../profile/prompt.ts';
import type { CommandSession } from '../run-command.ts';
import { serviceCommand } from './service-command.ts';

/** The privacy policy the web app links beside the terms. */
const PRIVACY_URL = 'https://ur.io/privacy';

interface SignupOptions extends CommonOptions {
  name?: string;
  email?: string;
  acceptTerms?: boolean;
  code?: string;
}

interface Signup {
  name: string;
  email: string;
  acceptTerms: boolean;
  code?: string;
  terminal: boolean;
}

function signupCheck(options: SignupOptions, context: CliContext): Signup {
  const email = options.email?.trim();
  if (!email)
    throw new UsageError('give the e-mail address (or phone number) to sign up with: --email ADDRESS');
  const terminal = context.io.stdin?.isTTY === true;
  if (options.code !== undefined)
    return { name: '', email, acceptTerms: true, code: options.code.trim(), terminal };
  const name = options.name?.trim() ?? '';
  if (!name)
    throw new UsageError(
      "give the new network's name: --name NAME (5 to 50 lowercase letters, digits, dashes)",
    );
  const { refusal } = checkNetworkName(name);
  if (refusal) throw new UsageError(`--name "${name}": ${refusal}`);
  if (!terminal && !options.acceptTerms)
    throw new UsageError(
      `no terminal to ask on: read ${TERMS_URL} and ${PRIVACY_URL}, then add --accept-terms`,
    );
  return { name, email, acceptTerms: options.acceptTerms === true, terminal };
}

/** Verifies the user with `code`, then keeps the network's token. */
async function verifyAndKeep(session: CommandSession, email: string, code: string): Promise<number> {
  const verified = await session.client.authVerify({ user_auth: email, verify_code: code });
  return keepToken(session, verified.network?.by_jwt, verified, 'verified');
}

/** Keeps the network's token as netdeck login does (a demo simulator's: nothing kept, it ends with the command). */
function keepToken(session: CommandSession, byJwt: string | undefined, json: unknown, done: string): number {
  const { out, config, simulator } = session;
  const token = checkFromService(byJwt, "the network's token");
  out.hide(token);
  if (simulator || config.mode !== 'api') {
    out.outcome(json, `${done}; logged in to the demo simulator (it ends with this command: nothing kept)`);
    return ExitCode.ok;
  }
  saveLogin(config.login.path, { apiUrl: config.apiUrl.value, token });
  out.outcome(
    json,
    `${done}; logged in to ${config.apiUrl.value} (kept for this profile as netdeck login keeps it)`,
  );
  out.hint('netdeck whoami shows the network; netdeck proxy create --country CC makes a proxy');
  return ExitCode.ok;
}

export function registerSignup(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'signup',
    description:
      'sign up: a new network and its user, verified with the code the service e-mails, then logged in',
    flags: (command) =>
      command
        .option('--name <network>', "the network's name (5 to 50 lowercase letters, digits and dashes)")
        .option('--email <address>', 'the e-mail address (or phone number) the code goes to')
        .option(
          '--accept-terms',
          `accept the terms (${TERMS_URL}) and privacy policy (${PRIVACY_URL}): needed without a terminal`,
        )
        .option('--code <code>', 'the e-mailed code: finishes a sign-up begun without a terminal'),
    examples: [
      [
        'netdeck --api-url https://api.bringyour.com signup --name my-net --email me@example.com',
        'asks for a password, the terms, the code',
      ],
      [
        'printf "%s\\n" "$PASSWORD" | netdeck signup --name my-net --email me@example.com --accept-terms',
        'no terminal: sends the code and stops',
      ],
      ['netdeck signup --email me@example.com --code 1a2b3c4d', 'then: verifies and logs in'],
    ],
    help: {
      after: `Without a terminal the password is the first line of stdin. The service serves no terms
link; these are the ones the web app shows. Against the demo simulator the code is filled in.
`,
    },
    check: (options: SignupOptions) => signupCheck(options, context),
    run: async (session, signup) => {
      const { client, out, simulator } = session;
      if (signup.code !== undefined) return verifyAndKeep(session, signup.email, signup.code);
      if (!(await client.networkCheck({ network_name: signup.name })).available)
        throw new ApiError(
          'business',
          `the network name "${sanitize(signup.name)}" is not available (taken, or one letter from a name that is)`,
        );
      if (!signup.acceptTerms) {
        context.io.stderr.write(`The service's terms: ${TERMS_URL}\nIts privacy policy: ${PRIVACY_URL}\n`);
        if (!(await askYesNo(context.io, 'Do you accept them?'))) {
          out.note('nothing made: the terms were not accepted');
          return ExitCode.ok;
        }
      }
      const password = await askSecret(context.io, 'Password: ');
      if (!password)
        throw new UsageError('a password is needed (typed on a terminal, else the first line of stdin)');
      const made = await client.networkCreate({
        user_name: signup.name,
        user_auth: signup.email,
        password,
        network_name: signup.name,
        terms: true,
        verify_use_numeric: false,
      });
      out.hide(password);
      const direct = made.network?.by_jwt;
      if (direct) return keepToken(session, direct, made, 'network made');
      const userAuth = made.verification_required?.user_auth ?? signup.email;
      const code = simulator
        ? simulator.demo.verifyCode(userAuth)
        : signup.terminal
          ? (await askSecret(context.io, `The code the service e-mailed to ${sanitize(userAuth)}: `))?.trim()
          : undefined;
      if (!code) {
        out.outcome(made, [
          `network "${sanitize(signup.name)}" made; a verification code was e-mailed to ${sanitize(userAuth)}`,
          `finish with: netdeck signup --email ${sanitize(signup.email)} --code CODE`,
        ]);
        return ExitCode.ok;
      }
      return verifyAndKeep(session, userAuth, code);
    },
  });
}
