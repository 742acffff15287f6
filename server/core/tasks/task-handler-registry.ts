import type { ValidateFunction } from 'ajv';
import type { OpContext, RequestUser } from '../crud/context.js';
import { E, type Issue, issue, type Texts, textOf } from '../errors.js';
import { createAjv } from '../registry/schema-validator.js';
import { ajvIssue, schemaLabels } from '../registry/ajv-issues.js';

/** What a handler gets for one run: a context acting as the task's creator (none for seeded tasks), the task and its parsed `data`. */
export type TaskRun = { ctx: OpContext; task: { id: number; name: string }; data: unknown };

/** Rights as far as a task handler needs them (a signed-in user's, or a task creator's as they are now). */
export type HandlerRights = Pick<RequestUser, 'isSuper' | 'perms' | 'departmentIds'>;

/** A named service a task may run (PROTOCOL §0: only registered handlers, never a method picked by name). */
export type TaskHandler = {
  /** The value of task_info.service, e.g. `base.clearOperationLog`; plugins use `<keyName>.<name>`. */
  name: string;
  summary: string;
  /**
   * The permission an admin must hold to add, change, start or run-now a task of this handler, and the task's creator
   * at each run (a task acts with its creator's rights, never more); null: none beyond managing tasks.
   */
  permission: string | null;
  /**
   * The handler acts on data of every department (everyone's log rows, sessions, recycle copies), not only within
   * the creator's scope: only a creator whose data scope is whole — a super admin — may use it.
   */
  wholeScope: boolean;
  /** JSON Schema (2020-12) of the task's `data` (parsed JSON; an empty `data` is `{}`). */
  dataSchema: Record<string, unknown>;
  /** Does the work; the result (JSON) is the log row's detail. A throw is a failed run, logged. */
  run(run: TaskRun): Promise<unknown> | unknown;
};

const NAME = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*)*$/;

/** The allowlist of task services: built-in ones registered at start, plugins' ones when they load. */
export class TaskHandlerRegistry {
  private readonly map = new Map<string, { handler: TaskHandler; validate: ValidateFunction }>();
  private readonly ajv = createAjv();

  /** Adds a handler; a second handler of the same name is a programming error. */
  register(handler: TaskHandler): void {
    if (!NAME.test(handler.name) || handler.name.length > 255)
      throw new Error(`task handler name "${handler.name}" must be dotted identifiers`);
    if (this.map.has(handler.name)) throw new Error(`task handler "${handler.name}" is already registered`);
    this.map.set(handler.name, { handler, validate: this.ajv.compile(handler.dataSchema) });
  }

  /** Removes a handler (a plugin disabled); tasks naming it then fail their runs and cannot be started. */
  unregister(name: string): void {
    this.map.delete(name);
  }

  get(name: string): TaskHandler | undefined {
    return this.map.get(name)?.handler;
  }

  names(): string[] {
    return [...this.map.keys()].sort();
  }

  /** Parses a task's `data` text for its handler: the argument, or the field issues (paths under `data`). */
  parseData(name: string, text: unknown): { ok: true; data: unknown } | { ok: false; issues: Issue[] } {
    const entry = this.map.get(name);
    if (!entry)
      return {
        ok: false,
        issues: [issue('service', E.TASK_HANDLER_UNKNOWN, { names: this.names().join(', ') })],
      };
    let data: unknown = {};
    if (typeof text === 'string' && text.trim() !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        return { ok: false, issues: [issue('data', E.FIELD_NOT_JSON_TEXT)] };
      }
    }
    if (entry.validate(data)) return { ok: true, data };
    return {
      ok: false,
      issues: (entry.validate.errors ?? []).map((e) => ajvIssue(e, schemaLabels(entry.handler.dataSchema), 'data.')),
    };
  }
}

/** Why an admin with `rights` may not have a task of `handler` act for them, or undefined when they may. */
export function handlerRefusal(handler: TaskHandler, rights: HandlerRights): Texts | undefined {
  if (rights.isSuper) return undefined;
  if (handler.permission !== null && !rights.perms.has(handler.permission))
    return textOf(E.TASK_HANDLER_PERMISSION, { name: handler.name, permission: handler.permission });
  if (handler.wholeScope && rights.departmentIds !== null)
    return textOf(E.TASK_HANDLER_WHOLE_SCOPE, { name: handler.name });
  return undefined;
}
