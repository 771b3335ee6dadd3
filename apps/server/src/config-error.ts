/**
 * A setting the server refuses at start. main.ts prints its message as one line on stderr and
 * exits 1, without a stack trace: the operator needs the variable and the reason, not our code.
 */
export class ConfigError extends Error {
  constructor(
    /** The environment variable, e.g. CHAIN_BEP20_XPUB. */
    readonly variable: string,
    /** Why, in words; never the value itself (it may be a secret). */
    readonly reason: string,
  ) {
    super(`${variable} is refused: ${reason}`);
    this.name = 'ConfigError';
  }
}
