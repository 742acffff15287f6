import type { Entity, Field } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { appError, E, issue, joinTexts, same, textOf, type Issue, type Texts } from '../errors.js';
import type { OpContext } from './context.js';
import { asStored, historySince, SECRET_MARK, sameValue, userNames } from './history.js';

/**
 * The lost-update check of a write based on an older revision (README.md of this folder, "History and revisions"):
 * merged field by field against what the history says others changed since, or refused with 409 STALE_RECORD naming
 * the conflicting fields, who changed them and when.
 */

/** One field of a stale write's 409: what it was when loaded, what it is now and who made it so, what the caller sent. */
export type StaleField = {
  field: string;
  label?: Texts;
  base: unknown;
  theirs: unknown;
  mine?: unknown;
  /** Both sides changed it to different values: the caller must choose. */
  conflict: boolean;
  userId: number | null;
  userName: string | null;
  time: string | null;
};

const shown = (f: Field | undefined, v: unknown) => (f?.secret ? SECRET_MARK : v);

/**
 * A write based on revision `based` of a record now at another one. For an update (`patch`, decoded as stored):
 * a field others changed since that the caller left as it was loaded is dropped from the patch (theirs stays); one the
 * caller changed to the same value is fine; one changed on both sides to different values is a conflict. Without
 * complete history since (the entity keeps none, or a module wrote without it) a field the caller sends that differs
 * from the stored value is a conflict too. A delete (`patch` undefined) conflicts with any change since.
 * Conflicts → 409 STALE_RECORD with every field changed since in `data.fields`; otherwise the patch (merged) is returned.
 */
export async function mergeStale(
  ctx: OpContext,
  entity: Entity,
  id: number,
  based: number,
  stored: Row,
  patch: Row | undefined,
): Promise<Row | undefined> {
  const current = Number(stored.revision);
  const since = based < current ? await historySince(ctx, entity, id, based) : [];
  const complete = based < current && since.length === current - based;
  const seen = new Map<string, { base: unknown; userId: number | null; time: string }>();
  for (const h of since)
    for (const [name, [old]] of Object.entries(h.changes)) {
      const was = seen.get(name);
      seen.set(name, { base: was ? was.base : old, userId: h.userId, time: h.createTime });
    }
  const fields: StaleField[] = [];
  const merged = patch ? { ...patch } : undefined;
  const mine = patch ? asStored(entity, patch) : {};
  let conflict = patch === undefined;
  const names = new Set([...seen.keys(), ...Object.keys(patch ?? {})]);
  for (const name of names) {
    const f = entity.fieldMap.get(name);
    if (!f || f.system) continue;
    const by = seen.get(name);
    const theirs = stored[name] ?? null;
    const sent = patch && Object.hasOwn(patch, name);
    let clash = false;
    if (patch === undefined) clash = by !== undefined;
    else if (by) {
      if (!sent) clash = false;
      else if (!f.secret && sameValue(mine[name], by.base)) delete merged?.[name];
      else clash = f.secret || !sameValue(mine[name], theirs);
    } else if (!sent || complete || sameValue(mine[name], theirs)) continue;
    else clash = true;
    if (clash) conflict = true;
    fields.push({
      field: name,
      label: f.label,
      base: shown(f, by ? by.base : null),
      theirs: shown(f, theirs),
      ...(sent ? { mine: shown(f, mine[name]) } : {}),
      conflict: clash,
      userId: by?.userId ?? null,
      userName: null,
      time: by?.time ?? null,
    });
  }
  if (!conflict) return merged;
  const names_ = await userNames(
    ctx,
    fields.map((x) => x.userId),
  );
  for (const x of fields) x.userName = x.userId === null ? null : (names_.get(x.userId) ?? null);
  const clashing = fields.filter((x) => x.conflict);
  const details: Issue[] = clashing.map((x) =>
    issue(x.field, E.STALE_FIELD, {
      user: x.userName ?? textOf(E.STALE_UNKNOWN_USER),
      time: x.time ?? '?',
    }),
  );
  const error = appError(
    E.STALE_RECORD,
    {
      revision: current,
      fields: joinTexts(
        clashing.map((x) => x.label ?? same(x.field)),
        same(', '),
      ),
    },
    details,
  );
  error.data = { id, revision: current, fields };
  throw error;
}
