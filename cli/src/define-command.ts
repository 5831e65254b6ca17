import type { Command } from 'commander';
import type { z } from 'zod';
import type * as Kinds from './options.js';

/**
 * One declaration per command (pastel's style): each argument and option is named once, with its
 * help text and its zod schema, and commander's options are made from it. The schemas are built
 * only when the command runs (options.ts, loaded lazily), so `--help` and completion load no zod.
 */

/** What a value may be completed with in the shell (completion.ts). */
export type Completion = 'customers' | 'projections' | 'event-types' | 'zones' | readonly string[];

type SchemaOf = (kinds: typeof Kinds) => z.ZodType;

export interface ArgumentSpec<S extends SchemaOf = SchemaOf> {
  readonly description: string;
  readonly schema: S;
  readonly optional?: boolean;
  readonly variadic?: boolean;
  readonly complete?: Completion;
}

export interface OptionSpec<S extends SchemaOf = SchemaOf> {
  readonly description: string;
  readonly schema: S;
  /** The value's placeholder, e.g. `zone` for `--tz <zone>`; none for a flag. */
  readonly value?: string;
  readonly short?: string;
  readonly complete?: Completion;
}

export const argument = <S extends SchemaOf>(
  description: string,
  schema: S,
  more: Omit<ArgumentSpec, 'description' | 'schema'> = {},
): ArgumentSpec<S> => ({ description, schema, ...more });

export const option = <S extends SchemaOf>(
  value: string | undefined,
  description: string,
  schema: S,
  more: Omit<OptionSpec, 'description' | 'schema' | 'value'> = {},
): OptionSpec<S> => ({ description, schema, ...(value === undefined ? {} : { value }), ...more });

/** A flag (no value): false unless given. */
export const flag = (description: string) => option(undefined, description, (k) => k.flagValue());

type Outputs<T extends Record<string, { schema: SchemaOf }>> = {
  [K in keyof T]: z.output<ReturnType<T[K]['schema']>>;
};

/** A command's arguments and options, declared once: its action's input is `InputOf` them. */
export interface Declared {
  readonly arguments?: Record<string, ArgumentSpec>;
  readonly options: Record<string, OptionSpec>;
}

export interface CommandSpec extends Declared {
  readonly description: string;
  /** The action, loaded when the command runs; it gets the parsed arguments and options. */
  readonly run: () => Promise<(input: never) => Promise<void>>;
}

/** The parsed input of a command: its arguments and options after their schemas. */
export type InputOf<D extends Declared> = Outputs<D['options']> &
  (D['arguments'] extends Record<string, ArgumentSpec> ? Outputs<D['arguments']> : unknown);

export const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Completion hints by command option (or `<argument>`), read by completion.ts. */
export const completionHints = new WeakMap<Command, Map<string, Completion>>();

/** Adds `name` under `parent` as `declared` says. */
export const defineCommand = (parent: Command, name: string, declared: CommandSpec): Command => {
  const { description, run, options } = declared;
  const args = declared.arguments ?? {};
  const command = parent.command(name).description(description);
  const hints = new Map<string, Completion>();
  for (const [key, arg] of Object.entries(args)) {
    const word = `${key}${arg.variadic ? '...' : ''}`;
    command.argument(arg.optional ? `[${word}]` : `<${word}>`, arg.description);
    if (arg.complete) hints.set(`<${key}>`, arg.complete);
  }
  for (const [key, opt] of Object.entries(options)) {
    const long = `--${kebab(key)}`;
    command.option(
      `${opt.short ? `-${opt.short}, ` : ''}${long}${opt.value ? ` <${opt.value}>` : ''}`,
      opt.description,
    );
    if (opt.complete) hints.set(long, opt.complete);
  }
  completionHints.set(command, hints);
  command.action(async (...values: unknown[]) => {
    const invoked = values.at(-1) as Command;
    const positional = Object.fromEntries(Object.keys(args).map((key, index) => [key, values[index]]));
    const kinds = await import('./options.js');
    const input = kinds.parseInput(kinds, args, options, positional, invoked.opts());
    await (
      await run()
    )(input as never);
  });
  return command;
};
