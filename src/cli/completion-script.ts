// Shell completion scripts generated from the commander program itself, so they list
// every command, subcommand and option there is and never drift from it.
import type { Command } from 'commander';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface Node {
  /** Command words from the program down, e.g. ['stats', 'providers']. */
  path: string[];
  description: string;
  options: string[];
  children: string[];
}

function walk(command: Command, path: string[] = []): Node[] {
  const visible = command.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
  const node: Node = {
    path,
    description: command.description(),
    options: [...command.options.flatMap((o) => [o.long, o.short]), '--help'].filter(
      (flag): flag is string => !!flag,
    ),
    children: visible.map((c) => c.name()),
  };
  return [node, ...visible.flatMap((c) => walk(c, [...path, c.name()]))];
}

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function bash(nodes: Node[], name: string): string {
  const cases = nodes
    .map((n) => `    ${quote(n.path.join(' '))}) words=${quote([...n.children, ...n.options].join(' '))} ;;`)
    .join('\n');
  return `# ${name} completion for bash (and zsh through bashcompinit)
_${name}_complete() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmdpath="" word i
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
  local words=""
  case "$cmdpath" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _${name}_complete ${name}
`;
}

function zsh(nodes: Node[], name: string): string {
  return `#compdef ${name}
# ${name} completion for zsh: the bash completion through bashcompinit
autoload -U +X bashcompinit && bashcompinit
${bash(nodes, name)}`;
}

function fish(nodes: Node[], name: string): string {
  const lines = [`# ${name} completion for fish`, `complete -c ${name} -f`];
  for (const node of nodes) {
    const condition = node.path.length
      ? `__fish_seen_subcommand_from ${node.path.at(-1)}`
      : '__fish_use_subcommand';
    for (const child of nodes.filter(
      (n) => n.path.length === node.path.length + 1 && n.path.slice(0, -1).join(' ') === node.path.join(' '),
    ))
      lines.push(
        `complete -c ${name} -n ${quote(condition)} -a ${quote(child.path.at(-1)!)} -d ${quote(child.description.slice(0, 60))}`,
      );
    for (const option of node.options.filter((o) => o.startsWith('--')))
      lines.push(`complete -c ${name} -n ${quote(condition)} -l ${option.slice(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(program: Command, shell: Shell): string {
  const nodes = walk(program);
  const name = program.name();
  return shell === 'bash' ? bash(nodes, name) : shell === 'zsh' ? zsh(nodes, name) : fish(nodes, name);
}
