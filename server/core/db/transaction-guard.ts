import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, TransactionBuilder, type Transaction } from 'kysely';

/**
 * Which async work runs inside an open database transaction. On SQLite a write transaction holds the one connection
 * (and the one writer): every other request waits until it commits, so nothing slow — password hashing, picture
 * decoding, file or network I/O — may run while one is open. Slow work happens before the transaction opens (or
 * after it commits); `assertNoTransaction` at the start of each slow call makes a regression fail loudly
 * (see server/core/db/README.md, "Nothing slow inside a transaction").
 */
const openTransaction = new AsyncLocalStorage<{ readonly since: number }>();

/** Wraps a transaction builder so that its callback (and every async continuation of it) is known to be inside. */
function tracked<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  return new Proxy(builder, {
    get(target, prop) {
      if (prop === 'execute') {
        return <T>(callback: (trx: Transaction<DB>) => Promise<T>) =>
          target.execute((trx) => openTransaction.run({ since: performance.now() }, () => callback(trx)));
      }
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      // setIsolationLevel, setAccessMode: a new builder, tracked too (private fields need the real target as `this`).
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result instanceof TransactionBuilder ? tracked(result as TransactionBuilder<DB>) : result;
      };
    },
  });
}

/** Kysely whose transactions mark their async context (every Database opens one of these). */
export class TrackedKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return tracked(super.transaction());
  }
}

const warned = new Set<string>();

/**
 * A slow call (named by `what`) made while the current async context holds a transaction is a bug: under tests and in
 * development (NODE_ENV `test`, as vitest sets it, or `development`) it throws; otherwise (a running server) it is
 * logged once per kind and the call goes on (a slow answer beats a failed one).
 */
export function assertNoTransaction(what: string): void {
  if (openTransaction.getStore() === undefined) return;
  const message = `${what} inside an open database transaction: do it before the transaction opens or after it commits`;
  if (process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development') throw new Error(message);
  if (!warned.has(what)) {
    warned.add(what);
    console.warn(message, new Error().stack);
  }
}
