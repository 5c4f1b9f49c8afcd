// Shell completion scripts generated from the commander program itself, so they list
// every command, subcommand and option there is and never drift from it; and the values
// of those that take some: an option's or argument's choices (`--era`, `--last`, the
// shells), and the profile names, which the script asks netdeck for as it completes
// (`netdeck __complete profiles`: they change without a new script), for `--profile` one
// name, for `--profiles` `all` or a list (the names after its last comma); and the
// network's proxy client ids (`__complete proxies`) for `ip --via` and `proxy remove`'s
// argument. A script offers
// each candidate as it is and expands none, and of what netdeck lists it offers the plain
// names only (OFFERED_NAME): a profile named `$(…)` once ran on TAB in bash.
import type { Argument, Command, Option } from 'commander';
import { ALL_PROFILES } from './profile/profiles.ts';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Values known only when completing: the hidden command that prints them, one per line. */
export const DYNAMIC_VALUES = { profiles: 'profiles', proxies: 'proxies' } as const;
type DynamicKind = keyof typeof DYNAMIC_VALUES;
/** Options whose values are dynamic: the kind each takes, and whether it takes a list of them. */
const DYNAMIC_OPTIONS: Record<string, { kind: DynamicKind; list?: { also: string } }> = {
  '--profile': { kind: 'profiles' },
  // `--profiles all`, or names separated by commas.
  '--profiles': { kind: 'profiles', list: { also: ALL_PROFILES } },
  '--via': { kind: 'proxies' },
};
/** Commands whose argument is dynamic, by their words: the kind it takes. */
const DYNAMIC_ARGUMENTS: Record<string, DynamicKind> = {
  'proxy remove': 'proxies',
};
export const COMPLETE_COMMAND = '__complete';

/**
 * What an option's value completes to: fixed words, or a kind asked of netdeck (one, or a
 * list separated by commas, or the word `also` alone).
 */
type Values = { words: readonly string[] } | { dynamic: DynamicKind; list?: { also: string } };

interface Node {
  /** Command words from the program down, e.g. ['stats', 'providers']. */
  path: string[];
  description: string;
  options: string[];
  children: string[];
  /** The choices of its first argument (`completion <shell>`, `config get <key>`). */
  argChoices: readonly string[];
  /** What its argument takes when netdeck lists it as it completes (`proxy remove <client-id>`). */
  argDynamic?: DynamicKind;
}

const isHidden = (c: Command) => (c as unknown as { _hidden?: boolean })._hidden === true;

function valuesOf(option: Option): Values | undefined {
  if (!option.long || !(option.required || option.optional)) return undefined;
  const dynamic = DYNAMIC_OPTIONS[option.long];
  if (dynamic) return { dynamic: dynamic.kind, list: dynamic.list };
  return option.argChoices?.length ? { words: option.argChoices } : undefined;
}

function walk(command: Command, path: string[] = []): Node[] {
  const visible = command.commands.filter((c) => !isHidden(c));
  const first: Argument | undefined = command.registeredArguments[0];
  const node: Node = {
    path,
    description: command.description(),
    options: [...command.options.flatMap((o) => [o.long, o.short]), '--help'].filter(
      (flag): flag is string => !!flag,
    ),
    children: visible.map((c) => c.name()),
    argChoices: first?.argChoices ?? [],
    argDynamic: DYNAMIC_ARGUMENTS[path.join(' ')],
  };
  return [node, ...visible.flatMap((c) => walk(c, [...path, c.name()]))];
}

/** Every option that takes values to complete, by its long flag (one set of values per flag). */
function valueOptions(program: Command): Map<string, Values> {
  const found = new Map<string, Values>();
  const visit = (command: Command) => {
    for (const option of command.options) {
      const values = valuesOf(option);
      if (values && option.long && !found.has(option.long)) found.set(option.long, values);
    }
    for (const child of command.commands) if (!isHidden(child)) visit(child);
  };
  visit(program);
  return found;
}

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
/** Words as shell words, each quoted: offered as they are, never split or expanded. */
const quoteAll = (words: readonly string[]) => words.map(quote).join(' ');

/**
 * The names a script offers of what netdeck lists as it completes (a profile name is
 * whatever the config file says): letters, digits, `.`, `_` and `-`, up to 64, not
 * starting with `.` or `-`. A name outside it is not offered, so no shell meets a quote,
 * a `$(…)`, a glob or a line break in a candidate. One ERE, as bash's and zsh's `=~` and
 * fish's `string match -r` read it.
 */
export const OFFERED_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/;

function bash(nodes: Node[], values: Map<string, Values>, name: string): string {
  // A dynamic argument: what netdeck lists, unless an option is being typed.
  const listedArgument = (n: Node) =>
    n.argDynamic
      ? `; [[ $cur != -* ]] && { _${name}_listed "$cur" ${DYNAMIC_VALUES[n.argDynamic]}; return; }`
      : '';
  const cases = nodes
    .map(
      (n) =>
        `    ${quote(n.path.join(' '))}) candidates=(${quoteAll([...n.children, ...n.options, ...n.argChoices])})${listedArgument(n)} ;;`,
    )
    .join('\n');
  const valueCases = [...values]
    .map(([flag, v]) =>
      'words' in v
        ? `    ${quote(flag)}) _${name}_offer "$cur" ${quoteAll(v.words)}; return ;;`
        : v.list
          ? `    ${quote(flag)}) _${name}_listed_list "$cur" ${DYNAMIC_VALUES[v.dynamic]} ${quote(v.list.also)}; return ;;`
          : `    ${quote(flag)}) _${name}_listed "$cur" ${DYNAMIC_VALUES[v.dynamic]}; return ;;`,
    )
    .join('\n');
  return `# ${name} completion for bash (and zsh through bashcompinit)
# Every candidate is offered as it is, never expanded: no \`compgen -W\`, which would run a
# \`$(…)\` in a word it is given.

# Offers each word after the first that starts with the first (what is typed so far).
_${name}_offer() {
  local typed=$1 word
  shift
  for word in "$@"; do
    [[ $word == "$typed"* ]] && COMPREPLY+=("$word")
  done
  return 0
}

# Offers what \`${name} ${COMPLETE_COMMAND} KIND\` lists now, one per line, that starts with what
# is typed: plain names only (a profile name is whatever the config file says).
_${name}_listed() {
  local typed=$1 listed plain=${quote(OFFERED_NAME.source)}
  while IFS= read -r listed; do
    [[ $listed =~ $plain && $listed == "$typed"* ]] && COMPREPLY+=("$listed")
  done < <("\${COMP_WORDS[0]}" ${COMPLETE_COMMAND} "$2" 2>/dev/null)
  return 0
}

# A list of them separated by commas: the names after the last comma, the list typed
# before it kept; or the word $3 alone.
_${name}_listed_list() {
  local typed=$1 before="" last listed plain=${quote(OFFERED_NAME.source)}
  [[ $typed == *,* ]] && before=\${typed%,*},
  last=\${typed##*,}
  [[ -z $before && $3 == "$last"* ]] && COMPREPLY+=("$3")
  while IFS= read -r listed; do
    [[ $listed =~ $plain && $listed == "$last"* ]] && COMPREPLY+=("$before$listed")
  done < <("\${COMP_WORDS[0]}" ${COMPLETE_COMMAND} "$2" 2>/dev/null)
  return 0
}

_${name}_complete() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} cmdpath="" word i
  local -a candidates=()
  COMPREPLY=()
  # The value of an option that takes one: its choices, or what netdeck lists now.
  case "$prev" in
${valueCases}
  esac
  # The command path: the words typed so far that name a command of the one before.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    [[ $word == -* ]] && continue
    case "\${cmdpath:+$cmdpath }$word" in
${nodes
  .filter((n) => n.path.length)
  .map((n) => `      ${quote(n.path.join(' '))}) cmdpath="${n.path.join(' ')}" ;;`)
  .join('\n')}
    esac
  done
  case "$cmdpath" in
${cases}
  esac
  _${name}_offer "$cur" "\${candidates[@]}"
}
complete -o default -F _${name}_complete ${name}
`;
}

function zsh(nodes: Node[], values: Map<string, Values>, name: string): string {
  return `#compdef ${name}
# ${name} completion for zsh: the bash completion through bashcompinit
autoload -U +X bashcompinit && bashcompinit
${bash(nodes, values, name)}# Installed in $fpath, compinit runs this file at the first tab: complete that one too.
if [[ \${funcstack[1]} == _${name} ]]; then _bash_complete -o default -F _${name}_complete; fi
`;
}

function fish(nodes: Node[], values: Map<string, Values>, name: string): string {
  const lines = [`# ${name} completion for fish`, `complete -c ${name} -f`];
  for (const node of nodes) {
    const condition = node.path.length
      ? `__fish_seen_subcommand_from ${node.path.at(-1)}`
      : '__fish_use_subcommand';
    // A subcommand is offered until one is typed (`proxy remove ` offers no `list`).
    const offersChildren =
      node.path.length && node.children.length
        ? `${condition}; and not __fish_seen_subcommand_from ${node.children.join(' ')}`
        : condition;
    for (const child of nodes.filter(
      (n) => n.path.length === node.path.length + 1 && n.path.slice(0, -1).join(' ') === node.path.join(' '),
    ))
      lines.push(
        `complete -c ${name} -n ${quote(offersChildren)} -a ${quote(child.path.at(-1)!)} -d ${quote(child.description.slice(0, 60))}`,
      );
    // fish offers the lines of a command's output as they are; the plain names only, as in bash.
    const listed = (kind: DynamicKind) =>
      `(${name} ${COMPLETE_COMMAND} ${DYNAMIC_VALUES[kind]} 2>/dev/null | string match -r -- ${quote(OFFERED_NAME.source)})`;
    if (node.argChoices.length)
      lines.push(`complete -c ${name} -n ${quote(condition)} -a ${quote(node.argChoices.join(' '))}`);
    // Every word of its path seen (`remove` alone is also `clients remove`'s).
    if (node.argDynamic)
      lines.push(
        `complete -c ${name} -n ${quote(node.path.map((word) => `__fish_seen_subcommand_from ${word}`).join('; and '))} -a ${quote(listed(node.argDynamic))}`,
      );
    for (const option of node.options.filter((o) => o.startsWith('--'))) {
      const v = values.get(option);
      // A list: fish offers `also` and each name (one at a time).
      const dynamic = (d: Extract<Values, { dynamic: unknown }>) =>
        d.list ? `${d.list.also} ${listed(d.dynamic)}` : listed(d.dynamic);
      const takes = !v ? '' : ` -x -a ${quote('words' in v ? v.words.join(' ') : dynamic(v))}`;
      lines.push(`complete -c ${name} -n ${quote(condition)} -l ${option.slice(2)}${takes}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(program: Command, shell: Shell): string {
  const nodes = walk(program);
  const values = valueOptions(program);
  const name = program.name();
  const write = { bash, zsh, fish }[shell];
  return write(nodes, values, name);
}
