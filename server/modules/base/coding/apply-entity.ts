import type { Host } from '../../../core/host.js';
import type { OpContext } from '../../../core/crud/context.js';
import type { Entity } from '../../../core/registry/entity-types.js';
import { AppError, appError, E, type Issue, issue, joinTexts, same, type Texts } from '../../../core/errors.js';
import { registerEntity } from '../../../core/registry/register-entity.js';
import { storeEntity, storedOrigin } from '../../../core/registry/stored-entities.js';
import { CHOICES, type Choice } from '../../../core/db/evolve-convert.js';
import { type ChangePlan, measurePlan, type Rename } from '../../../core/db/evolve-plan.js';
import { applyEvolution, EvolveRefusedError } from '../../../core/db/evolve-apply.js';
import { ensureKeptTable } from '../../../core/db/kept-values.js';
import { DestructiveChangeError } from '../../../core/db/schema-sync.js';
import { databaseUnavailable } from '../../../core/db/db-errors.js';
import { checkAgainstServer } from './entity-proposal.js';

/**
 * A new entity brings new permission strings, which the delegation rule forbids anyone but a super admin to create.
 * Refused as 403 (a refusal of rights); the page keeps the admin's work on any refusal.
 */
export function requireSuper(ctx: OpContext): void {
  if (!ctx.user?.isSuper) throw appError(E.CODING_SUPER_ONLY);
}

/** How an evolve is to be applied: the admin's renames and choices; `evolve` says an existing prefix is meant. */
export type EvolveRequest = { renames: Rename[]; choices: Record<string, Choice>; evolve: boolean };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The renames, choices and evolve flag of a request body, checked. */
export function evolveRequestOf(body: unknown): EvolveRequest {
  const b = isObject(body) ? body : {};
  const renames: Rename[] = [];
  if (b.renames !== undefined) {
    if (!Array.isArray(b.renames) || b.renames.length > 200)
      throw appError(E.CODING_EVOLVE_BAD_RENAMES, {}, [issue('renames', E.CODING_RENAMES_LIST)]);
    b.renames.forEach((r: unknown, i) => {
      if (!isObject(r) || typeof r.from !== 'string' || typeof r.to !== 'string')
        throw appError(E.CODING_EVOLVE_BAD_RENAMES, {}, [issue(`renames.${i}`, E.CODING_RENAME_PAIR)]);
      renames.push({ from: r.from, to: r.to });
    });
  }
  const choices: Record<string, Choice> = {};
  if (b.choices !== undefined) {
    if (!isObject(b.choices)) throw appError(E.CODING_EVOLVE_BAD_CHOICES, {}, [issue('choices', E.FIELD_OBJECT)]);
    for (const [field, choice] of Object.entries(b.choices)) {
      if (!CHOICES.includes(choice as Choice))
        throw appError(E.CODING_EVOLVE_BAD_CHOICES, {}, [
          issue(`choices.${field}`, E.FIELD_ONE_OF, { values: CHOICES.join(', ') }),
        ]);
      choices[field] = choice as Choice;
    }
  }
  return { renames, choices, evolve: b.evolve === true };
}

/** The change plan of evolving the stored entity the schema names, or undefined for a new entity. */
export async function planOf(
  host: Host,
  schema: Record<string, unknown>,
  renames: Rename[],
): Promise<ChangePlan | undefined> {
  const { entity, replacing } = await checkAgainstServer(host, schema);
  const old = replacing ? host.registry.get(entity.prefix) : undefined;
  if (!old) return undefined;
  const { plan, issues } = await measurePlan(host.database.db, old, entity, renames);
  if (issues.length) throw appError(E.CODING_EVOLVE_BAD_RENAMES, {}, issues);
  return plan;
}

/** The choices of a change as "a or b" in every language. */
const anyOf = (choices: readonly string[]): Texts => joinTexts(choices.map(same), E.WORD_OR.texts);

/** The database's own words (its language, not the caller's) under the schema, in a message that is. */
const tableChanged = (e: Error) =>
  appError(E.CODING_EVOLVE_TABLE_CHANGED, {}, [issue('schema', E.CODING_DB_SAID, { reason: e.message })]);

/** 409 naming every change that still needs a choice, or that the admin refused (with its rows); nothing applied. */
function checkChoices(plan: ChangePlan, choices: Record<string, Choice>): void {
  const open: Issue[] = [];
  const refused: Issue[] = [];
  for (const c of plan.changes) {
    const rows = c.failing.map((s) => `#${s.id} ${JSON.stringify(s.value)} (${s.reason})`).slice(0, 20);
    const path = `fields.${c.field}`;
    // No choice makes repeated values unique: the admin edits those rows first.
    if (c.kind === 'unique' && rows.length)
      refused.push(issue(path, E.CODING_CHANGE_DUPLICATES, { rows: rows.join(', ') }));
    if (!c.choices) continue;
    const choice = choices[c.field];
    if (choice === 'refuse') refused.push(issue(path, E.CODING_CHANGE_REFUSED_ROWS, { rows: rows.join(', ') || '—' }));
    else if (!choice || !c.choices.includes(choice)) {
      const change = { from: String(c.type?.from), to: String(c.type?.to), choices: anyOf(c.choices) };
      open.push(
        rows.length
          ? issue(path, E.CODING_CHANGE_CHOOSE_ROWS, { ...change, rows: rows.join(', ') })
          : issue(path, E.CODING_CHANGE_CHOOSE, change),
      );
    }
  }
  if (refused.length) throw appError(E.CODING_EVOLVE_REFUSED, { count: refused.length }, refused);
  if (open.length) throw appError(E.CODING_EVOLVE_NEEDS_CHOICE, { count: open.length }, open);
}

/**
 * Applies a schema live: checked against the server, then registered through registerEntity in one transaction with
 * its stored copy (base_sys_entity_def), menu page and permission buttons. Evolving an entity made here needs
 * `evolve` (a new entity with a used name is refused with the choice) and a choice for every change the plan says
 * touches data; the plan's table changes run in the same transaction. Nothing is left behind on failure.
 */
export async function applyEntitySchema(
  host: Host,
  ctx: OpContext,
  schema: Record<string, unknown>,
  request: EvolveRequest = { renames: [], choices: {}, evolve: true },
): Promise<Entity> {
  requireSuper(ctx);
  const { entity, replacing } = await checkAgainstServer(host, schema);
  const prefix = entity.prefix;
  const old = replacing ? host.registry.get(prefix) : undefined;
  if (old && !request.evolve)
    throw appError(E.CODING_EVOLVE_SAME_NAME, { prefix }, [issue('name', E.CODING_NAME_USED)]);
  if (old) {
    await ensureKeptTable(host.database);
    const plan = await planOf(host, schema, request.renames);
    if (plan) checkChoices(plan, request.choices);
  }
  try {
    return await registerEntity(
      host,
      { schema, origin: storedOrigin(prefix) },
      {
        replacing,
        within: (tx, e) => storeEntity(tx, e, ctx.user?.id ?? null),
        ...(old
          ? { alter: (database) => applyEvolution(database, old, entity, request.renames, request.choices) }
          : {}),
      },
    );
  } catch (e) {
    if (e instanceof EvolveRefusedError) throw appError(E.CODING_EVOLVE_REFUSED, { count: e.issues.length }, e.issues);
    if (e instanceof DestructiveChangeError) throw tableChanged(e);
    if (e instanceof AppError || databaseUnavailable(e)) throw e;
    // The database refused a statement the checks let through (a limit of its own): nothing was committed.
    if (e instanceof Error && 'code' in e) throw tableChanged(e);
    throw e;
  }
}
