/** The one source of "now" for command handlers; tests and the CLI may supply their own. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
