import type { Command } from 'commander';
import { UsageError } from '../errors.js';

interface Node {
  path: string;
  words: string[];
  leaf: boolean;
}

/** Every command path with what may follow it: subcommands, or the command's options. */
const nodesOf = (command: Command, prefix: string[] = []): Node[] => {
  const path = prefix.join(' ');
  const options = [...command.options.map((option) => option.long ?? option.short ?? ''), '--help'].filter(
    Boolean,
  );
  const subcommands = command.commands.filter((sub) => sub.name() !== 'help');
  if (subcommands.length === 0) return [{ path, words: options, leaf: true }];
  return [
    { path, words: [...subcommands.map((sub) => sub.name()), ...options], leaf: false },
    ...subcommands.flatMap((sub) => nodesOf(sub, [...prefix, sub.name()])),
  ];
};

/**
 * A bash completion function built from the program itself, so it always knows the commands and
 * options this version has: completes command words, then each command's options.
 */
export const bashCompletion = (program: Command): string => {
  const cases = nodesOf(program)
    .sort((a, b) => b.path.split(' ').length - a.path.split(' ').length)
    .map(({ path, words, leaf }) => {
      const pattern = path === '' ? '""' : leaf ? `"${path}"|"${path} "*` : `"${path}"`;
      return `    ${pattern}) words="${words.join(' ')}" ;;`;
    });
  return [
    '# stickwork completion (bash): eval "$(stickwork completion bash)", or save it under',
    '# /etc/bash_completion.d/stickwork',
    '_stickwork() {',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" key="" word words=""',
    '  for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do',
    '    case "$word" in -*) ;; *) key="${key:+$key }$word" ;; esac',
    '  done',
    '  case "$key" in',
    ...cases,
    '  esac',
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    '}',
    'complete -F _stickwork stickwork',
    '',
  ].join('\n');
};

export const registerCompletionCommand = (program: Command) => {
  program
    .command('completion')
    .description('print shell completion: eval "$(stickwork completion bash)" (or zsh) in your shell profile')
    .argument('<shell>', 'bash | zsh')
    .action((shell: string) => {
      const bash = bashCompletion(program);
      if (shell === 'bash') return void process.stdout.write(bash);
      if (shell === 'zsh')
        return void process.stdout.write(
          `# stickwork completion (zsh), through zsh's bash completion support\nautoload -U +X bashcompinit && bashcompinit\n${bash}`,
        );
      throw new UsageError(`invalid <shell>: expected bash or zsh`);
    });
};
