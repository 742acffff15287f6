import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Host } from '../../core/host.js';
import type { Database } from '../../core/db/database.js';
import { createServerTable } from '../../core/db/server-tables.js';
import { appError, E, fieldError } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';
import { limitsOf, WindowCounter } from '../../core/limits.js';
import { dayText } from './calendar.js';
import { getOrSet } from '../../core/get-or-set.js';

/** Views and first visits of the day per hour: at most 24 rows a day, whatever the traffic. */
export const VISIT_TABLE = 'dashboard_visit_hour';
/** The visitors seen today (a 16-hex digest of the id), only to count each once; earlier days are dropped. */
const VISITOR_TABLE = 'dashboard_visitor';

const VISITOR_ID = /^[A-Za-z0-9_-]{8,64}$/;

export async function installVisitTables(database: Database): Promise<void> {
  await createServerTable(database, VISIT_TABLE);
  await createServerTable(database, VISITOR_TABLE);
}

type HostState = { perIp: WindowCounter; day: string; storedToday: number };
const states = new WeakMap<Host, HostState>();

/** Adds one view to an hour (and one visitor, the first time the id is seen that day). */
export async function addVisit(
  database: Database,
  day: string,
  hour: number,
  visitor: string | null,
): Promise<{ newVisitor: boolean }> {
  const db = database.db;
  let newVisitor = false;
  if (visitor) {
    const row = { day, visitor };
    const res =
      database.dialect === 'mysql'
        ? await db.insertInto(VISITOR_TABLE).ignore().values(row).executeTakeFirst()
        : await db
            .insertInto(VISITOR_TABLE)
            .values(row)
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst();
    newVisitor = Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const values = { day, hour, views: 1, visitors: newVisitor ? 1 : 0 };
  if (database.dialect === 'mysql') {
    await db
      .insertInto(VISIT_TABLE)
      .values(values)
      .onDuplicateKeyUpdate({ views: sql`views + 1`, visitors: sql`visitors + ${values.visitors}` })
      .execute();
  } else {
    await db
      .insertInto(VISIT_TABLE)
      .values(values)
      .onConflict((oc) =>
        oc.columns(['day', 'hour']).doUpdateSet({
          views: sql`${sql.ref(`${VISIT_TABLE}.views`)} + 1`,
          visitors: sql`${sql.ref(`${VISIT_TABLE}.visitors`)} + ${values.visitors}`,
        }),
      )
      .execute();
  }
  return { newVisitor };
}

/**
 * POST /admin/base/open/visit {visitorId}: the shop front end reports a page view with its visitor id (a random id it
 * keeps in local storage). Anonymous, so bounded: per IP a few a minute (429 beyond), a day's stored visitor ids
 * capped, earlier days' ids deleted; the totals are one row per hour.
 */
export async function recordVisit(
  host: Host,
  body: Row,
  ip: string,
  now: Date,
): Promise<{ day: string; newVisitor: boolean }> {
  const id = body.visitorId;
  if (typeof id !== 'string' || !VISITOR_ID.test(id)) {
    throw fieldError('visitorId', E.VISITOR_ID);
  }
  const limits = limitsOf(host.config.limits);
  const state = getOrSet(states, host, () => ({
    perIp: new WindowCounter(limits.visitWindowMs),
    day: '',
    storedToday: 0,
  }));
  if (state.perIp.hit(ip) > limits.visitPerIp) throw appError(E.VISITS_TOO_MANY);
  const day = dayText(now);
  const db = host.database.db;
  if (state.day !== day) {
    // A new day (or a fresh process): yesterday's ids are no longer needed; count what other processes stored today.
    await db.deleteFrom(VISITOR_TABLE).where('day', '<', day).execute();
    const n = await db
      .selectFrom(VISITOR_TABLE)
      .select(sql<number>`count(*)`.as('n'))
      .where('day', '=', day)
      .executeTakeFirst();
    state.day = day;
    state.storedToday = Number(n?.n ?? 0);
  }
  const digest =
    state.storedToday < limits.visitorsPerDay ? createHash('sha256').update(id).digest('hex').slice(0, 16) : null;
  const { newVisitor } = await addVisit(host.database, day, now.getHours(), digest);
  if (newVisitor) state.storedToday += 1;
  return { day, newVisitor };
}
