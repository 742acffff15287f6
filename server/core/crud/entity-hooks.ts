import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import type { Row } from '../db/row.js';
import type { OpContext } from './context.js';

// biome-ignore lint/suspicious/noExplicitAny: tables are only known at run time
export type AnyExpressionBuilder = ExpressionBuilder<any, any>;

/**
 * Stored rows of one entity (by prefix) that a delete removed alongside the deleted records. `links` names the fields
 * of a link row whose record must exist for the row to go back (both ends of user–role); rows without it (children)
 * go back as they were.
 */
export type KeptRows = { entity: string; rows: Row[]; links?: string[] };

/** Module code that runs inside the generic operations of one entity (all inside the operation's transaction). */
export type EntityHooks = {
  /** Row-level scope: a condition every read, update and delete of this entity must satisfy (table alias a). */
  scope?(ctx: OpContext, eb: AnyExpressionBuilder): Expression<SqlBool> | undefined;
  /** Extra page/list filters read from request params this entity understands beyond its schema. */
  filters?(ctx: OpContext, params: Row, eb: AnyExpressionBuilder): Expression<SqlBool>[];
  /** Rewrites a raw body before validation (e.g. an empty password means 'unchanged'). */
  prepareInput?(input: Row, action: 'add' | 'update'): Row;
  /** Adjusts a validated new row before insert (hash a password, set the creator). */
  beforeAdd?(ctx: OpContext, row: Row, input: Row): Promise<void> | void;
  afterAdd?(ctx: OpContext, id: number, input: Row): Promise<void> | void;
  /** Adjusts a validated patch before update; `existing` is the stored row. */
  beforeUpdate?(ctx: OpContext, patch: Row, existing: Row, input: Row): Promise<void> | void;
  afterUpdate?(ctx: OpContext, id: number, input: Row, existing: Row): Promise<void> | void;
  beforeDelete?(ctx: OpContext, rows: Row[], input: Row): Promise<void> | void;
  afterDelete?(ctx: OpContext, rows: Row[], input: Row): Promise<void> | void;
  /**
   * What a delete of these rows removes with them (link rows, child rows), read before the delete: kept with their
   * recycle copy (`recycle_data.related`) and put back on restore. Parents before their children.
   */
  keptWith?(ctx: OpContext, rows: Row[], input: Row): Promise<KeptRows[]> | KeptRows[];
  /** Runs after rows (and what was kept with them) came back from the recycle bin, inside the restore's transaction. */
  afterRestore?(ctx: OpContext, rows: Row[]): Promise<void> | void;
  /** Runs once the write's transaction has committed (drop caches that must not see uncommitted state). */
  afterCommit?(ctx: OpContext): Promise<void> | void;
  /** Adds computed fields to rows already decoded for the client. */
  decorate?(ctx: OpContext, rows: Row[], action: 'page' | 'list' | 'info'): Promise<void> | void;
  /** Replaces the reply of add (the original's sys/user/add answers a bare id). */
  addReply?(ids: number[], batch: boolean): unknown;
};

/** Hooks whose results are combined in order (below); every other hook just runs, in the order it was added. */
type Combined = 'scope' | 'filters' | 'prepareInput' | 'keptWith' | 'addReply';
type Sequential = Exclude<keyof EntityHooks, Combined>;
const COMBINED = new Set<keyof EntityHooks>([
  'scope',
  'filters',
  'prepareInput',
  'keptWith',
  'addReply',
] satisfies Combined[]);

/** Two sets of hooks of one entity as one: each of a module's hooks runs after those added before it. */
function combine(first: EntityHooks, then: EntityHooks, prefix: string): EntityHooks {
  const out: EntityHooks = { ...first };
  for (const [key, hook] of Object.entries(then)) if (hook !== undefined) (out as Record<string, unknown>)[key] = hook;
  const both = <K extends keyof EntityHooks>(key: K) => first[key] !== undefined && then[key] !== undefined;
  if (both('scope')) {
    const [a, b] = [first.scope!, then.scope!];
    // Both conditions hold: a second scope narrows the first, it never widens it.
    out.scope = (ctx, eb) => {
      const conditions = [a(ctx, eb), b(ctx, eb)].filter((c): c is Expression<SqlBool> => c !== undefined);
      return conditions.length === 0 ? undefined : conditions.length === 1 ? conditions[0] : eb.and(conditions);
    };
  }
  if (both('filters')) {
    const [a, b] = [first.filters!, then.filters!];
    out.filters = (ctx, params, eb) => [...a(ctx, params, eb), ...b(ctx, params, eb)];
  }
  if (both('prepareInput')) {
    const [a, b] = [first.prepareInput!, then.prepareInput!];
    out.prepareInput = (input, action) => b(a(input, action), action);
  }
  if (both('keptWith')) {
    const [a, b] = [first.keptWith!, then.keptWith!];
    out.keptWith = async (ctx, rows, input) => [...(await a(ctx, rows, input)), ...(await b(ctx, rows, input))];
  }
  // One call has one reply: two modules answering it would contradict each other.
  if (both('addReply')) throw new Error(`${prefix}: a second addReply hook (an entity's add has one reply)`);
  for (const key of Object.keys(then) as (keyof EntityHooks)[]) {
    if (!both(key) || COMBINED.has(key)) continue;
    const [a, b] = [first[key as Sequential], then[key as Sequential]] as ((...args: unknown[]) => unknown)[];
    (out as Record<string, unknown>)[key] = async (...args: unknown[]) => {
      await a(...args);
      await b(...args);
    };
  }
  return out;
}

/**
 * Hooks by entity prefix. Hooks add up, as Payload's and Directus's do: a module's hooks run after those added before
 * them for the same entity (a second beforeAdd does not replace the first), scopes and filters narrow together,
 * prepareInput calls pipe. `add` returns a function that takes that module's hooks off again.
 */
export class HookRegistry {
  private readonly added = new Map<string, EntityHooks[]>();
  private readonly combined = new Map<string, EntityHooks>();

  add(prefix: string, hooks: EntityHooks): () => void {
    const list = [...(this.added.get(prefix) ?? []), hooks];
    this.combined.set(
      prefix,
      list.reduce((a, b) => combine(a, b, prefix), {}),
    );
    this.added.set(prefix, list);
    return () => {
      const rest = (this.added.get(prefix) ?? []).filter((h) => h !== hooks);
      this.added.set(prefix, rest);
      this.combined.set(
        prefix,
        rest.reduce((a, b) => combine(a, b, prefix), {}),
      );
    };
  }

  get(prefix: string): EntityHooks {
    return this.combined.get(prefix) ?? {};
  }
}
