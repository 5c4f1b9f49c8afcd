// `netdeck completion bash|zsh|fish`: the shell completion script, from the program itself.
import { type Command, InvalidArgumentError } from 'commander';
import { completionScript, SHELLS, type Shell } from '../completion-script.ts';
import type { CliContext } from '../context.ts';
import { ExitCode } from '../output/exit-codes.ts';
import { examples } from './help.ts';

const shellArg = (value: string): Shell => {
  const shell = SHELLS.find((s) => s === value);
  if (!shell) throw new InvalidArgumentError(`expected one of ${SHELLS.join(', ')}`);
  return shell;
};

export function registerCompletion(program: Command, context: CliContext): void {
  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish) for every command and option')
    .argument('<shell>', SHELLS.join(', '), shellArg)
    .addHelpText(
      'after',
      examples([
        ['source <(netdeck completion bash)', 'bash, this shell; add the line to ~/.bashrc to keep it'],
        ['netdeck completion zsh > ~/.zfunc/_netdeck', 'zsh (a folder of your fpath)'],
        ['netdeck completion fish > ~/.config/fish/completions/netdeck.fish', 'fish'],
      ]),
    )
    .action((shell: Shell) => {
      context.io.stdout.write(completionScript(program, shell));
      context.exit(ExitCode.ok);
    });
}
