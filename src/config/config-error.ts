/**
 * A mistake in the config file, a variable or a secret file: the command prints its message, one line that
 * names the key or variable and the file, never a value that may be secret, and exits with 2.
 */
export class ConfigError extends Error {}
