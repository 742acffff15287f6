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

/** Hooks by entity prefix. */
export class HookRegistry {
  private readonly map = new Map<string, EntityHooks>();

  set(prefix: string, hooks: EntityHooks): void {
    this.map.set(prefix, { ...this.map.get(prefix), ...hooks });
  }

  get(prefix: string): EntityHooks {
    return this.map.get(prefix) ?? {};
  }
}
