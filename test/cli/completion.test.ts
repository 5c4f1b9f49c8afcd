// `netdeck completion bash|zsh|fish`: generated from the program, so every command,
// subcommand and option is in it; each script completes as its shell would, and never
// runs what a profile name holds (bash's `compgen -W` expanded `$(…)` in them). The
// network's proxy client ids complete `ip --via` and `proxy remove`'s argument.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { itNeeds, shellInstalled } from '../machine.ts';
import { run, startSimFixture, tempDir } from './harness.ts';

const commandNames = async () => {
  const help = await run(['--help']);
  return [...help.stdout.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]).filter((n) => n !== 'help');
};

/** Runs the bash completion of `script` on the words typed after `netdeck`; what it offers. */
const bashCompletion =
  (script: string, env?: NodeJS.ProcessEnv) =>
  (...words: string[]) =>
    execFileSync(
      'bash',
      [
        '-c',
        `source "$0"; COMP_WORDS=(netdeck ${words.join(' ')}); COMP_CWORD=${words.length}; _netdeck_complete; echo "\${COMPREPLY[@]}"`,
        script,
      ],
      { encoding: 'utf8', env },
    ).trim();

/** zsh and fish are not on every machine: outside CI their tests skip where they are missing. */
const itWithZsh = itNeeds('zsh', shellInstalled('zsh'));
const itWithFish = itNeeds('fish', shellInstalled('fish'));

/** Runs the fish completion of `script` on a command line; what it offers, sorted. */
const fishCompletion = (script: string, env: NodeJS.ProcessEnv) => (line: string) =>
  execFileSync('fish', ['--no-config', '-c', `source $argv[1]; complete -C "${line}"`, script], {
    encoding: 'utf8',
    env,
  })
    .trim()
    .split('\n')
    .map((row) => row.split('\t')[0])
    .sort();

/** zsh: $1 the folder of the completion function, $2 what to type before a tab, $3 what to wait for. */
const ZPTY_TAB = String.raw`zmodload zsh/zpty
zpty -b z "HOME=$HOME PS1='ready> ' zsh -f -i"
zpty -w z "fpath=($1 \$fpath); autoload -U compinit && compinit -u -d $HOME/dump"
zpty -r z out '*ready> *ready> '
zpty -w -n z "$2"$'\t'
zpty -r z out "*$3*"
print -r -- "$out" | tr -d '\r'`;

/**
 * An interactive zsh in a pseudo-terminal (zsh's zpty) with the completion function in
 * `functions` on its $fpath, as the docs install it: `typed` and one tab, then what it
 * shows once `until` appears.
 */
const zshTab = (functions: string, env: NodeJS.ProcessEnv) => (typed: string, until: string) =>
  execFileSync('zsh', ['-f', '-c', ZPTY_TAB, 'zsh', functions, typed, until], {
    encoding: 'utf8',
    env,
    timeout: 10_000,
  });

/** Two proxy client ids, as `netdeck __complete proxies` prints them. */
const PROXY_IDS = ['3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47', '9b1e0c5a-2d6b-4c7e-8a8f-0b1d3f2c9a4e'];

/**
 * A stand-in netdeck on PATH whose `netdeck __complete profiles` prints `lines` as they are
 * (two profiles by default), and `__complete proxies` two proxy client ids: what a script
 * does with whatever it is given.
 */
function profilesStandIn(folder: string, lines = ['prod', 'staging']): NodeJS.ProcessEnv {
  const bin = join(folder, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(folder, 'profiles.txt'), `${lines.join('\n')}\n`);
  writeFileSync(join(folder, 'proxies.txt'), `${PROXY_IDS.join('\n')}\n`);
  writeFileSync(join(bin, 'netdeck'), `#!/bin/sh\n[ "$1" = "__complete" ] && cat '${folder}'/"$2.txt"\n`);
  chmodSync(join(bin, 'netdeck'), 0o755);
  return { PATH: `${bin}:${process.env.PATH}` };
}

/**
 * Profile names that make a file in `folder`/ran when a shell evaluates them: command
 * substitutions (`$(…)`, backquotes), `${IFS}` for a space, `;`, a line break, quotes;
 * and a glob. Each one's file is its own, so a failure names the name.
 */
function hostileNames(folder: string): string[] {
  const ran = join(folder, 'ran');
  mkdirSync(ran, { recursive: true });
  return [
    `$(touch\${IFS}${ran}/dollar-paren)`,
    `\`touch ${ran}/backquote\``,
    `$(IFS=_;c=touch_${ran}/ifs;$c)`,
    `x;touch ${ran}/semicolon`,
    `$(touch\n${ran}/line-break)`,
    `'$(touch ${ran}/single-quote)'`,
    `"$(touch ${ran}/double-quote)"`,
    `\${IFS}`,
    `\${PATH:0:0}$(touch ${ran}/parameter)`,
    '*',
  ];
}

/** What ran of the hostile names' commands (nothing, when completion evaluates no candidate). */
const ranIn = (folder: string) => readdirSync(join(folder, 'ran'));

describe('netdeck completion', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.cleanup());

  it('each script lists every command', async () => {
    const names = await commandNames();
    expect(names).toEqual(expect.arrayContaining(['locations', 'stats', 'watch', 'exporter', 'completion']));
    for (const shell of ['bash', 'zsh', 'fish']) {
      const result = await run(['completion', shell]);
      expect(result.code).toBe(ExitCode.ok);
      for (const name of names) expect(result.stdout, `${shell}: ${name}`).toContain(name);
    }
  });

  it('bash completes commands, subcommands and options as typed', async () => {
    const script = join(dir.path, 'netdeck.bash');
    writeFileSync(script, (await run(['completion', 'bash'])).stdout);
    const complete = bashCompletion(script);
    expect(complete('loc')).toBe('locations');
    expect(complete('stats', 'pro').split(' ').sort()).toEqual(['provider', 'providers']);
    expect(complete('stats', 'providers', '--la')).toBe('--last');
    expect(complete('devices', '--cs')).toBe('--csv');
    // The output options every command has.
    expect(complete('payments', '--js').split(' ').sort()).toEqual(['--json', '--jsonl']);
    expect(complete('clients', '--fi')).toBe('--fields');
    expect(complete('whoami', '--j').split(' ').sort()).toEqual(['--jq', '--json']);
  });

  it('bash (and zsh, through bashcompinit) completes values: --era, --last, the shells, config keys, profile names', async () => {
    const script = join(dir.path, 'netdeck.bash');
    writeFileSync(script, (await run(['completion', 'bash'])).stdout);
    // The profile names come from netdeck as it completes: a stand-in that lists two.
    const complete = bashCompletion(script, profilesStandIn(dir.path));
    expect(complete('--era', "''")).toBe('current seed');
    expect(complete('stats', 'providers', '--last', "''")).toBe('24h 7d 30d');
    expect(complete('stats', 'provider', 'abc', '--last', '3')).toBe('30d');
    expect(complete('completion', "''").split(' ')).toEqual(expect.arrayContaining(['bash', 'zsh', 'fish']));
    expect(complete('config', 'set', 'ref')).toBe('refresh_seconds');
    expect(complete('--profile', "''")).toBe('prod staging');
    expect(complete('stats', 'network', '--profile', 'st')).toBe('staging');
    // --profiles: all, or a list; after a comma the names, the list typed so far kept.
    expect(complete('stats', 'providers', '--profiles', "''")).toBe('all prod staging');
    expect(complete('clients', '--profiles', 'prod,st')).toBe('prod,staging');
    expect(complete('clients', '--profiles', 'a')).toBe('all');
    // zsh runs the same function.
    const zsh = (await run(['completion', 'zsh'])).stdout;
    expect(zsh).toContain('bashcompinit');
    expect(zsh).toContain((await run(['completion', 'bash'])).stdout);
  });

  it('bash (and zsh) completes ip --via and proxy remove with the proxy client ids netdeck lists', async () => {
    const script = join(dir.path, 'netdeck.bash');
    writeFileSync(script, (await run(['completion', 'bash'])).stdout);
    const complete = bashCompletion(script, profilesStandIn(dir.path));
    expect(complete('ip', '--via', "''")).toBe(PROXY_IDS.join(' '));
    expect(complete('ip', '--via', '9b')).toBe(PROXY_IDS[1]);
    expect(complete('proxy', 'remove', "''")).toBe(PROXY_IDS.join(' '));
    expect(complete('proxy', 'remove', '3f')).toBe(PROXY_IDS[0]);
    // An option of proxy remove is still an option.
    expect(complete('proxy', 'remove', '--js').split(' ').sort()).toEqual(['--json']);
    // Only proxy remove's argument: clients remove takes other clients.
    expect(complete('clients', 'remove', '3f')).toBe('');
  });

  itWithZsh('zsh completes proxy remove with the proxy client ids', async () => {
    const functions = join(dir.path, 'functions');
    mkdirSync(functions);
    writeFileSync(join(functions, '_netdeck'), (await run(['completion', 'zsh'])).stdout);
    const tab = zshTab(functions, { ...profilesStandIn(dir.path), HOME: dir.path });
    expect(tab('netdeck proxy remove 3', PROXY_IDS[0])).toContain(`netdeck proxy remove ${PROXY_IDS[0]}`);
  });

  it('fish offers the same values', async () => {
    const fish = (await run(['completion', 'fish'])).stdout;
    expect(fish).toContain("complete -c netdeck -n '__fish_use_subcommand' -l era -x -a 'current seed'");
    expect(fish).toContain(
      "complete -c netdeck -n '__fish_seen_subcommand_from providers' -l last -x -a '24h 7d 30d'",
    );
    expect(fish).toContain(
      "complete -c netdeck -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'",
    );
    expect(fish).toContain(
      "-l profile -x -a '(netdeck __complete profiles 2>/dev/null | string match -r -- ",
    );
    expect(fish).toMatch(/__fish_seen_subcommand_from set' -a '[^']*\brefresh_seconds\b/);
    expect(fish).toContain("-l via -x -a '(netdeck __complete proxies 2>/dev/null | string match -r -- ");
    expect(fish).toContain(
      "complete -c netdeck -n '__fish_seen_subcommand_from proxy; and __fish_seen_subcommand_from remove' -a '(netdeck __complete proxies",
    );
  });

  itWithZsh('zsh, installed in $fpath as its docs say, completes from the first tab', async () => {
    const functions = join(dir.path, 'functions');
    mkdirSync(functions);
    writeFileSync(join(functions, '_netdeck'), (await run(['completion', 'zsh'])).stdout);
    const tab = zshTab(functions, { ...profilesStandIn(dir.path), HOME: dir.path });
    expect(tab('netdeck --era ', 'seed')).toMatch(/current +seed/);
    expect(tab('netdeck loc', 'locations')).toContain('netdeck locations');
    expect(tab('netdeck stats providers --last ', '7d')).toMatch(/24h +30d +7d/);
    expect(tab('netdeck --profile ', 'staging')).toMatch(/prod +staging/);
  });

  itWithFish('fish completes commands and values as typed', async () => {
    const script = join(dir.path, 'netdeck.fish');
    writeFileSync(script, (await run(['completion', 'fish'])).stdout);
    const complete = fishCompletion(script, {
      ...profilesStandIn(dir.path),
      HOME: dir.path,
      XDG_CONFIG_HOME: dir.path,
    });
    expect(complete('netdeck loc')).toEqual(['locations']);
    expect(complete('netdeck --era ')).toEqual(['current', 'seed']);
    expect(complete('netdeck stats providers --last ')).toEqual(['24h', '30d', '7d']);
    expect(complete('netdeck completion ')).toEqual(['bash', 'fish', 'zsh']);
    expect(complete('netdeck --profile ')).toEqual(['prod', 'staging']);
    expect(complete('netdeck payments --profiles ')).toEqual(['all', 'prod', 'staging']);
    expect(complete('netdeck devices --cs')).toEqual(['--csv']);
    expect(complete('netdeck ip --via ')).toEqual(PROXY_IDS);
    expect(complete('netdeck proxy remove ')).toEqual(PROXY_IDS);
    expect(complete('netdeck clients remove 3f')).toEqual(['']);
  });

  it('netdeck __complete profiles lists the profile names, one per line (nothing for a kind it does not know)', async () => {
    mkdirSync(join(dir.path, 'netdeck'));
    writeFileSync(
      join(dir.path, 'netdeck', 'config.json'),
      JSON.stringify({ profiles: { prod: { api_url: 'https://a.example' }, lab: {} } }),
    );
    const env = { XDG_CONFIG_HOME: dir.path };
    expect((await run(['__complete', 'profiles'], { env })).stdout).toBe('prod\nlab\n');
    const other = await run(['__complete', 'colours'], { env });
    expect([other.code, other.stdout]).toEqual([ExitCode.ok, '']);
    // Hidden: not among the commands, nor in the scripts.
    expect(await commandNames()).not.toContain('__complete');
    expect((await run(['completion', 'bash'])).stdout).not.toContain("'__complete')");
  });

  it('netdeck __complete proxies lists the configured network’s proxy client ids; nothing in demo mode', async () => {
    const fx = await startSimFixture();
    try {
      const made = await run(['proxy', 'create', '--country', 'de', '--json'], { env: fx.env });
      const clientId = JSON.parse(made.stdout).client_id;
      const listed = await run(['__complete', 'proxies'], { env: fx.env });
      expect([listed.code, listed.stdout]).toEqual([ExitCode.ok, `${clientId}\n`]);
      // The demo: a world made for one command has no proxy; nothing is built for a tab.
      const demo = await run(['__complete', 'proxies'], { env: { XDG_CONFIG_HOME: dir.path } });
      expect([demo.code, demo.stdout]).toEqual([ExitCode.ok, '']);
      // A service that cannot be reached: nothing, exit 0 (a completion never prints an error).
      await fx.sim.close();
      const down = await run(['__complete', 'proxies'], { env: fx.env });
      expect([down.code, down.stdout, down.stderr]).toEqual([ExitCode.ok, '', '']);
    } finally {
      await fx.close();
    }
  });

  describe('with hostile profile names (as netdeck __complete profiles might print them)', () => {
    /** The stand-in's names: the two profiles, and between them every hostile one. */
    const standIn = () => profilesStandIn(dir.path, ['prod', ...hostileNames(dir.path), 'staging']);

    it('bash runs none of them and offers none of them; the others still complete', async () => {
      const script = join(dir.path, 'netdeck.bash');
      writeFileSync(script, (await run(['completion', 'bash'])).stdout);
      const complete = bashCompletion(script, standIn());
      expect(complete('--profile', "''")).toBe('prod staging');
      expect(complete('stats', 'network', '--profile', 'st')).toBe('staging');
      // --profiles: all, or a list; after a comma the names, the list typed so far kept.
      expect(complete('stats', 'providers', '--profiles', "''")).toBe('all prod staging');
      expect(complete('clients', '--profiles', 'prod,st')).toBe('prod,staging');
      expect(complete('clients', '--profiles', 'a')).toBe('all');
      expect(complete('--profile', "'$'")).toBe('');
      expect(ranIn(dir.path)).toEqual([]);
    });

    itWithZsh('zsh (through bashcompinit) runs none of them and offers none of them', async () => {
      const functions = join(dir.path, 'functions');
      mkdirSync(functions);
      writeFileSync(join(functions, '_netdeck'), (await run(['completion', 'zsh'])).stdout);
      const shown = zshTab(functions, { ...standIn(), HOME: dir.path })('netdeck --profile ', 'staging');
      expect(shown).toMatch(/prod +staging/);
      expect(shown).not.toMatch(/touch|IFS|\*/);
      expect(ranIn(dir.path)).toEqual([]);
    });

    itWithFish('fish runs none of them and offers none of them', async () => {
      const script = join(dir.path, 'netdeck.fish');
      writeFileSync(script, (await run(['completion', 'fish'])).stdout);
      const complete = fishCompletion(script, { ...standIn(), HOME: dir.path, XDG_CONFIG_HOME: dir.path });
      expect(complete('netdeck --profile ')).toEqual(['prod', 'staging']);
      expect(complete('netdeck payments --profiles ')).toEqual(['all', 'prod', 'staging']);
      expect(complete('netdeck stats network --profile st')).toEqual(['staging']);
      expect(ranIn(dir.path)).toEqual([]);
    });

    it('netdeck __complete profiles prints only names of letters, digits, ".", "_" and "-", up to 64', async () => {
      mkdirSync(join(dir.path, 'netdeck'));
      const names = [
        'prod',
        ...hostileNames(dir.path),
        '-x',
        '.hidden',
        'ü',
        'a'.repeat(65),
        'lab_2.eu-west',
      ];
      writeFileSync(
        join(dir.path, 'netdeck', 'config.json'),
        JSON.stringify({ profiles: Object.fromEntries(names.map((name) => [name, {}])) }),
      );
      const listed = await run(['__complete', 'profiles'], { env: { XDG_CONFIG_HOME: dir.path } });
      expect(listed.stdout).toBe('prod\nlab_2.eu-west\n');
    });
  });

  it('a shell it does not know is a usage error naming the ones it does', async () => {
    const result = await run(['completion', 'tcsh']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain('expected one of bash, zsh, fish');
  });
});
