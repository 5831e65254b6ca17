/**
 * A command's action, loaded when the command runs: `stickwork --help` and each command import
 * only what they need (a quick start), never every command's dependencies.
 */
export const lazy =
  <Args extends unknown[]>(load: () => Promise<(...args: Args) => Promise<void>>) =>
  async (...args: Args): Promise<void> =>
    (await load())(...args);
