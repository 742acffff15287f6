import type { Texts } from '../../server/core/errors.js';

/**
 * A failure the CLI reports as one line on stderr (no stack), with its exit code: the message in the user's language,
 * and `detail` as the checks that found it wrote it (schema errors name the file and field; server replies come in
 * the language the CLI asked for).
 */
export class CliError extends Error {
  constructor(
    readonly texts: Texts,
    readonly exitCode = 1,
    readonly detail?: string,
  ) {
    super(detail ? `${texts.en}: ${detail}` : texts.en);
  }
}
