// What watch's alerts refuse, and what netdeck never prints (issue 35, item 2): a URL of an
// unknown scheme or a form its service does not take, quiet hours or a digest time that do
// not parse, an unknown zone, a duration such as 8x are usage errors (exit 2) saying what is
// accepted; a notification URL's secrets (a topic, a token, a password) are masked by their
// parts wherever netdeck prints one: its errors, `netdeck config`, `config get`, `config --check`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redact } from '../../src/api/auth.ts';
import { maskSecretUrl } from '../../src/api/notify-urls.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { configHome, run } from './harness.ts';

let home: ReturnType<typeof configHome>;
beforeAll(() => {
  home = configHome();
});
afterAll(() => home.dir.cleanup());

/** A command line, its output checked to hold none of `secrets`. */
async function runMasked(argv: string[], secrets: string[]) {
  const result = await run(argv, { env: home.env });
  for (const secret of secrets) expect(result.stdout + result.stderr, secret).not.toContain(secret);
  return result;
}

describe('bad input is a usage error saying what is accepted', () => {
  it('a --notify URL of an unknown scheme, or of a form its service does not take', async () => {
    const unknown = await runMasked(
      ['watch', '--notify', 'pushover://s3cretT0ken@u1234/up'],
      ['s3cretT0ken', 'u1234'],
    );
    expect(unknown.code).toBe(ExitCode.usage);
    expect(unknown.stderr).toContain(
      'takes a URL whose scheme is one of ntfy, generic, generic+http, generic+https, discord, slack, telegram, gotify',
    );
    expect(unknown.stderr).toContain('pushover://***');

    // An API configured (nothing is sent to it): no demo world is built for this.
    const noTopic = await runMasked(
      ['watch', '--api-url', 'http://127.0.0.1:9', '--notify', 'ntfy://ops:hunter22@127.0.0.1:9/'],
      ['hunter22'],
    );
    expect(noTopic.code).toBe(ExitCode.usage);
    expect(noTopic.stderr).toContain('--notify ntfy://***@127.0.0.1:9: an ntfy URL names one topic');

    const badOption = await runMasked(['notify', 'test', 'discord://t0k3n@123?colour=red'], ['t0k3n']);
    expect(badOption.code).toBe(ExitCode.usage);
    expect(badOption.stderr).toMatch(
      /a Discord URL takes no "colour" option; it takes title, username, avatar, /,
    );
  });

  it('quiet hours, a digest time or a zone that do not parse, and a duration such as 8x', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['watch', '--quiet-hours', '23:00-25:00'],
        /takes a range of times of day as HH:MM-HH:MM \(e\.g\. 23:00-07:00/,
      ],
      [['watch', '--quiet-hours', '07:00-07:00'], /takes a range of times of day/],
      [['watch', '--digest', '8am'], /takes a time of day as HH:MM, 00:00 to 23:59/],
      [['watch', '--tz', 'Mars/Olympus_Mons'], /takes an IANA time zone such as Europe\/Berlin/],
      [['watch', '--flap-count', '0'], /must be at least 1/],
      [
        ['mute', '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47', '--for', '8x'],
        /takes a number and a unit: m \(minutes\), h \(hours\), d \(days\) or w \(weeks\), e\.g\. 30m, 8h, 2d/,
      ],
      [['mute', 'not-an-id'], /"not-an-id" is not a valid client id/],
    ];
    for (const [argv, message] of cases) {
      const result = await run(argv, { env: home.env });
      expect(result.code, argv.join(' ')).toBe(ExitCode.usage);
      expect(result.stderr, argv.join(' ')).toMatch(message);
    }
  });
});

describe('a notification URL’s secrets', () => {
  const urls = [
    'ntfy://:tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2@ntfy.example.org/up',
    'telegram://110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw@telegram?chats=@ops',
    'discord://W3dE2OZz4C13_4z_uHfDOoC7BqTW288s@693853386302554172',
    'gotify://push.example.org/AzyoeNS.D4iJLVa',
    'generic://hooks.example.org/T0PSECRET?@Authorization=Bearer%20xyzzy&template=json',
  ];
  const secrets = [
    'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2',
    'AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
    'W3dE2OZz4C13_4z_uHfDOoC7BqTW288s',
    'AzyoeNS.D4iJLVa',
    'T0PSECRET',
    'xyzzy',
  ];

  it('are masked by their parts, the short ones too', () => {
    expect(urls.map(maskSecretUrl)).toEqual([
      'ntfy://***@ntfy.example.org/***',
      'telegram://***@telegram?chats=%40ops',
      'discord://***@693853386302554172',
      'gotify://push.example.org/***',
      'generic://hooks.example.org/***?%40Authorization=***&template=json',
    ]);
    // redact() leaves a secret of under 8 characters alone, but not a URL's (the topic is `up`).
    expect(redact(`could not send to ${urls[0]}`, urls[0])).toBe(
      'could not send to ntfy://***@ntfy.example.org/***',
    );
  });

  it('are masked by netdeck config (table and JSON), config get and config --check', async () => {
    writeFileSync(
      join(home.folder, 'config.json'),
      JSON.stringify({
        api_url: 'http://127.0.0.1:1',
        notify: urls,
        quiet_hours: '23:00-07:00',
        idle_hours: 6,
      }),
    );
    const table = await runMasked(['config'], secrets);
    expect(table.stdout).toMatch(/^notify\s+ntfy:\/\/\*\*\*@ntfy\.example\.org\/\*\*\*\s+\S+config\.json$/m);
    expect(table.stdout).toMatch(/^quiet hours\s+23:00-07:00/m);
    const json = JSON.parse((await runMasked(['config', '--json'], secrets)).stdout);
    expect(json.notify.value).toEqual(urls.map(maskSecretUrl));
    expect(json.idle_hours).toMatchObject({ value: 6, source: 'file' });
    const got = await runMasked(['config', 'get', 'notify'], secrets);
    expect(got.stdout).toContain('ntfy://***@ntfy.example.org/***');
    const checked = await runMasked(['config', '--check'], secrets);
    expect(checked.code).toBe(ExitCode.failure);
    expect(checked.stdout).toContain('gotify://push.example.org/***');
    // A bad one is refused without being echoed.
    const refused = await runMasked(
      ['config', 'set', 'notify', 'pushover://s3cretT0ken@u1234/up'],
      ['s3cretT0ken'],
    );
    expect(refused.code).toBe(ExitCode.usage);
    expect(refused.stderr).toMatch(/notify: takes a notification URL whose scheme is one of ntfy, /);
  });
});
