import type { Command } from 'commander';
import { completionHints, type Completion } from '../define-command.js';
import { UsageError } from '../errors.js';

interface Node {
  path: string;
  /** Subcommands, or a leaf command's options. */
  words: string[];
  leaf: boolean;
  /** Options that take a value (the next word is theirs, not a positional). */
  valueOptions: string[];
  /** What the value of an option may be, by option. */
  optionValues: [string, Completion][];
  /** What each positional argument may be, in order (null: anything). */
  positionals: (Completion | null)[];
}

/** Every command path with what may follow it. */
const nodesOf = (command: Command, prefix: string[] = []): Node[] => {
  const path = prefix.join(' ');
  const hints = completionHints.get(command) ?? new Map<string, Completion>();
  const longOf = (option: Command['options'][number]) => option.long ?? option.short ?? '';
  const options = [...command.options.map(longOf), '--help'].filter(Boolean);
  const subcommands = command.commands.filter(
    (sub) => sub.name() !== 'help' && !(sub as unknown as { _hidden: boolean })._hidden,
  );
  const node: Node = {
    path,
    words: subcommands.length > 0 ? [...subcommands.map((sub) => sub.name()), ...options] : options,
    leaf: subcommands.length === 0,
    valueOptions: command.options.filter((option) => option.required || option.optional).map(longOf),
    optionValues: [...hints].filter(([key]) => key.startsWith('-')),
    positionals: command.registeredArguments.map((arg) => hints.get(`<${arg.name()}>`) ?? null),
  };
  return [node, ...subcommands.flatMap((sub) => nodesOf(sub, [...prefix, sub.name()]))];
};

/** The bash expression that prints the words a completion stands for. */
const valuesOf = (completion: Completion): string =>
  typeof completion === 'string' ? `_stickwork_values ${completion}` : `echo "${completion.join(' ')}"`;

const quoted = (path: string) => (path === '' ? '""' : `"${path}"`);

/**
 * A bash completion function built from the program itself, so it always knows the commands and
 * options this version has, and the values they take: projection names, event types and zones
 * from this build, customer ids from the store (asked of the CLI at Tab). It completes both
 * `stickwork` (on PATH after `npm link` or a global install) and `npx stickwork`, the way a fresh
 * clone runs it; for any other `npx` command it leaves bash's default completion alone.
 */
export const bashCompletion = (
  program: Command,
  values: { projections: readonly string[]; eventTypes: readonly string[]; zones: readonly string[] },
): string => {
  const nodes = nodesOf(program).sort((a, b) => b.path.split(' ').length - a.path.split(' ').length);
  const caseOf = (render: (node: Node) => string | null) =>
    nodes
      .map((node) => {
        const body = render(node);
        return body === null ? null : `    ${quoted(node.path)}) ${body} ;;`;
      })
      .filter((line): line is string => line !== null);
  return [
    '# stickwork completion (bash): eval "$(npx stickwork completion bash)" in ~/.bashrc, or save it',
    '# under /etc/bash_completion.d/stickwork. Completes `stickwork ...` and `npx stickwork ...`.',
    `_stickwork_projections="${values.projections.join(' ')}"`,
    `_stickwork_event_types="${values.eventTypes.join(' ')}"`,
    `_stickwork_zones="${values.zones.join(' ')}"`,
    '_stickwork_values() {',
    '  case "$1" in',
    '    projections) echo "$_stickwork_projections" ;;',
    '    event-types) echo "$_stickwork_event_types" ;;',
    '    zones) echo "$_stickwork_zones" ;;',
    '    customers) "${_stickwork_cli[@]}" completion-values customers 2>/dev/null ;;',
    '  esac',
    '}',
    '_stickwork() {',
    '  local offset=0',
    '  if [[ "${COMP_WORDS[0]##*/}" == npx ]]; then',
    '    if [[ "${COMP_WORDS[1]}" != stickwork || $COMP_CWORD -lt 2 ]]; then',
    '      compopt -o default 2>/dev/null; COMPREPLY=(); return',
    '    fi',
    '    offset=1',
    '  fi',
    '  _stickwork_cli=("${COMP_WORDS[@]:0:offset+1}")',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" key="" word words="" leaf="" valued="" positional=0 i',
    '  for ((i = offset + 1; i < COMP_CWORD; i++)); do',
    '    word="${COMP_WORDS[i]}"',
    '    if [[ -n "$valued" ]]; then valued=""; continue; fi',
    '    case "$word" in',
    '      -*) [[ " $(_stickwork_value_options "$key") " == *" ${word%%=*} "* && "$word" != *=* ]] && valued=1 ;;',
    '      *) if [[ -n "$(_stickwork_leaf "$key")" ]]; then positional=$((positional + 1)); else key="${key:+$key }$word"; fi ;;',
    '    esac',
    '  done',
    '  if [[ -n "$valued" ]]; then',
    '    prev="${COMP_WORDS[COMP_CWORD-1]}"',
    '    words="$(_stickwork_option_values "$key" "$prev")"',
    '  elif [[ "$cur" != -* && -n "$(_stickwork_leaf "$key")" ]]; then',
    '    words="$(_stickwork_positional "$key" "$positional")"',
    '  else',
    '    case "$key" in',
    ...caseOf((node) => `words="${node.words.join(' ')}"`),
    '    esac',
    '  fi',
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    '}',
    '_stickwork_leaf() {',
    '  case "$1" in',
    ...caseOf((node) => (node.leaf ? 'echo leaf' : null)),
    '  esac',
    '}',
    '_stickwork_value_options() {',
    '  case "$1" in',
    ...caseOf((node) => (node.valueOptions.length > 0 ? `echo "${node.valueOptions.join(' ')}"` : null)),
    '  esac',
    '}',
    '_stickwork_option_values() {',
    '  case "$1 $2" in',
    ...nodes.flatMap((node) =>
      node.optionValues.map(
        ([option, completion]) => `    "${node.path} ${option}") ${valuesOf(completion)} ;;`,
      ),
    ),
    '  esac',
    '}',
    '_stickwork_positional() {',
    '  case "$1 $2" in',
    ...nodes.flatMap((node) =>
      node.positionals.flatMap((completion, index) =>
        completion === null ? [] : [`    "${node.path} ${index}") ${valuesOf(completion)} ;;`],
      ),
    ),
    '  esac',
    '}',
    'complete -F _stickwork stickwork',
    'complete -F _stickwork npx',
    '',
  ].join('\n');
};

export const registerCompletionCommand = (program: Command) => {
  program
    .command('completion')
    .description(
      'print shell completion: eval "$(npx stickwork completion bash)" (or zsh) in your shell profile',
    )
    .argument('<shell>', 'bash | zsh')
    .action(async (shell: string) => {
      if (shell !== 'bash' && shell !== 'zsh') throw new UsageError(`invalid <shell>: expected bash or zsh`);
      const [{ ALL_PROJECTIONS }, { knownEventTypes }] = await Promise.all([
        import('@stickwork/projections'),
        import('../history/event-types.js'),
      ]);
      const bash = bashCompletion(program, {
        projections: ALL_PROJECTIONS.map((projection) => projection.name),
        eventTypes: knownEventTypes(),
        zones: ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')],
      });
      process.stdout.write(
        shell === 'bash'
          ? bash
          : `# stickwork completion (zsh), through zsh's bash completion support\nautoload -U +X bashcompinit && bashcompinit\n${bash}`,
      );
    });
  // What the completion asks for at Tab: values only the store knows (not in --help).
  program
    .command('completion-values', { hidden: true })
    .argument('<kind>', 'customers')
    .action(async (kind: string) => {
      if (kind !== 'customers') throw new UsageError('invalid <kind>: expected customers');
      const { withStores } = await import('../context.js');
      const { listCustomers } = await import('../actions/customers.js');
      const rows = await withStores((backend) => listCustomers(backend));
      process.stdout.write(rows.map((row) => `${row.customerId}\n`).join(''));
    });
};
