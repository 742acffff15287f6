import fs from 'node:fs';
import type { LogEvent } from 'kysely';

/** The optional log of every SQL statement run, shared by the three dialects' connections. */

/**
 * JOINERY_SQL_LOG=<file>: every statement run, one JSON line each ({sql, params, ms}) — for benchmarks that replay
 * the page call's SQL by hand, and for looking at what a screen costs. Off by default.
 */
export function queryLog(): { log?: (event: LogEvent) => void } {
  const file = process.env.JOINERY_SQL_LOG;
  if (!file) return {};
  return {
    log: (event) => {
      if (event.level !== 'query') return;
      fs.appendFileSync(
        file,
        `${JSON.stringify({ sql: event.query.sql, params: event.query.parameters, ms: event.queryDurationMillis })}\n`,
      );
    },
  };
}
