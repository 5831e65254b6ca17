/**
 * The README and docs/ cannot drift from the CLI: every ```bash block marked `<!-- example -->`
 * runs, command by command, each file's against a fresh store in a scratch directory of its own. Each `$ npx stickwork
 * ...` line must exit 0, and the lines shown under it must be in its output (spacing aside).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot, runCli } from './testing/run-cli.js';

export interface ExampleCommand {
  file: string;
  line: number;
  args: string[];
  shown: string[];
}

/** `a 'b c' "d"  # e` as a shell splits it (quotes, backslashes, a comment; no expansion). */
export const shellWords = (text: string): string[] => {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '#' && word === null) break;
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end === -1) throw new Error(`unclosed ${c} in: ${text}`);
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '\\' && i + 1 < text.length) word = (word ?? '') + text[++i];
    else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
};

const EXAMPLE = /<!--\s*example\s*-->\s*\n```bash\n([\s\S]*?)```/g;

/** The commands of the marked blocks of one Markdown file, with the output lines shown under each. */
export const exampleCommands = (file: string, text: string): ExampleCommand[] => {
  const commands: ExampleCommand[] = [];
  for (const block of text.matchAll(EXAMPLE)) {
    const firstLine = text.slice(0, block.index).split('\n').length + 2;
    block[1]!.split('\n').forEach((line, index) => {
      if (line.startsWith('$ ')) {
        const words = shellWords(line.slice(2));
        if (words[0] !== 'npx' || words[1] !== 'stickwork')
          throw new Error(`${file}:${firstLine + index}: an example runs stickwork only: ${line}`);
        commands.push({ file, line: firstLine + index, args: words.slice(2), shown: [] });
      } else if (line.trim() !== '' && commands.length > 0) commands.at(-1)!.shown.push(line);
    });
  }
  return commands;
};

const markdownFiles = (): string[] => {
  const docs = path.join(repositoryRoot, 'docs');
  return [
    path.join(repositoryRoot, 'README.md'),
    ...(fs.existsSync(docs)
      ? fs
          .readdirSync(docs)
          .filter((name) => name.endsWith('.md'))
          .sort()
          .map((name) => path.join(docs, name))
      : []),
  ];
};

const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('shellWords', () => {
  it('splits as a shell does, quotes kept together, a comment left out', () => {
    expect(shellWords(`replay a@b.c --until '#2453' --tz "Europe/Paris" x\\ y a#b # the end`)).toEqual([
      'replay',
      'a@b.c',
      '--until',
      '#2453',
      '--tz',
      'Europe/Paris',
      'x y',
      'a#b',
    ]);
  });
});

describe('marked examples', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-examples-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const commands = markdownFiles().flatMap((file) =>
    exampleCommands(path.relative(repositoryRoot, file), fs.readFileSync(file, 'utf8')),
  );

  it('exist, in the README too', () => {
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.some((command) => command.file === 'README.md')).toBe(true);
  });

  // In order, each file's on a fresh store and folder of its own: an example builds on the ones
  // before it in its file, as a reader follows them.
  const folderOf = (file: string) => {
    const folder = path.join(scratch, file.replace(/\W/g, '-'));
    fs.mkdirSync(folder, { recursive: true });
    return folder;
  };
  it.each(
    commands.map(
      (command) => [`${command.file}:${command.line} stickwork ${command.args.join(' ')}`, command] as const,
    ),
  )(
    '%s',
    async (_name, command) => {
      const folder = folderOf(command.file);
      const env = { DATA_DIR: path.join(folder, 'data'), USER: 'readme-reader' };
      const run = await runCli(command.args, env, { cwd: folder });
      expect(run.code, run.stderr).toBe(0);
      for (const line of command.shown) expect(squeezed(run.stdout)).toContain(squeezed(line));
    },
    120_000,
  );
});
