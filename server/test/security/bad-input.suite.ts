import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { startApp, type DialectUnderTest, type TestApp } from '../support/harness.js';
import { loadRegistry } from '../../app.js';
import type { Entity, GenericAction } from '../../core/registry/entity-types.js';
import { GENERIC_ACTIONS } from '../../core/registry/generic-actions.js';
import { emptyAsNone, writableFields } from '../../core/crud/input-validation.js';
import type { Row } from '../../core/db/row.js';
import { ACCEPTED_UNICODE, hostileCases, type HostileCase } from './hostile-cases.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { sampleRecord } from './sample-record.js';
import { asSent } from '../support/record-arbitrary.js';

/** Generic routes from the schemas the app loads (collected before any app exists; checked against listRoutes() below). */
const ROUTES = loadRegistry()
  .all()
  .flatMap((e) => e.api.map((action) => ({ prefix: e.prefix, action, url: `/admin/${e.prefix}/${action}` })));
const WRITES = new Set<GenericAction>(['add', 'update', 'delete']);

/** Hostile-looking requests that a module accepts on purpose, with the reason. */
const ACCEPTED_BY_DESIGN: Record<string, string> = {
  'base/sys/user/update password: wrong type null': 'a null password means "unchanged" (the user form sends it empty)',
  'base/sys/user/update password: too short': 'an empty password means "unchanged" (the user form sends it empty)',
};

/** Messages fixed by the protocol that name their field in Chinese (排序 = sort). */
const PROTOCOL_MESSAGES: Record<string, string> = { 排序参数不正确: 'sort' };

type Tally = { url: string; cases: number; refused: number; accepted: number };

/** Every generic route walked with hostile requests on one dialect (bad-input.<dialect>.test.ts). */
export function badInputSuite(dialect: DialectUnderTest): void {
  describe(`bad input on every generic route (${dialect})`, () => {
    let t: TestApp;
    let token: string;
    const seq = { n: 1 };
    const tallies: Tally[] = [];

    beforeAll(async () => {
      t = await startApp(dialect);
      token = await t.login();
    });
    afterAll(() => t.close());

    const send = async (method: 'GET' | 'POST', url: string, c: HostileCase) => {
      const payload = c.raw ?? (c.body === undefined ? undefined : JSON.stringify(c.body));
      const res = await t.app.inject({
        method,
        url: c.query ? `${url}?${c.query}` : url,
        payload,
        headers: {
          authorization: token,
          ...(payload !== undefined ? { 'content-type': c.contentType ?? 'application/json' } : {}),
        },
      });
      let body: Row = {};
      try {
        body = res.json() as Row;
      } catch {
        /* judged below: a reply must be the envelope */
      }
      return { status: res.statusCode, body, raw: res.body };
    };

    /** The stored record as the client reads it back (info, or list for entities without info). */
    const readBack = async (entity: Entity, id: number): Promise<Row | undefined> => {
      if (entity.api.includes('info'))
        return (await t.call('GET', `/admin/${entity.prefix}/info`, { token, query: { id: String(id) } })).body.data as
          | Row
          | undefined;
      return ((await t.call('POST', `/admin/${entity.prefix}/list`, { token, body: {} })).body.data as Row[]).find(
        (r) => Number(r.id) === id,
      );
    };

    /** What an accepted write must show when read back: every writable, non-secret field as sent; nothing invented. */
    const roundTripProblems = async (
      entity: Entity,
      action: GenericAction,
      c: HostileCase,
      reply: Row,
      liveId: number,
    ): Promise<string[]> => {
      if (action === 'delete' || typeof c.body !== 'object' || c.body === null || Array.isArray(c.body)) return [];
      const sent = c.body as Row;
      const data = reply.data as { id?: number } | number | undefined;
      const id = action === 'update' ? liveId : typeof data === 'number' ? data : Number(data?.id);
      const stored = await readBack(entity, id);
      if (!stored) return [`read back nothing for id ${id}`];
      const problems: string[] = [];
      for (const f of writableFields(entity).filter((w) => !w.secret && w.name in sent)) {
        if (!isDeepStrictEqual(asSent(entity.prefix, f.name, stored[f.name]), emptyAsNone(f, sent[f.name])))
          problems.push(
            `${f.name} read back as ${JSON.stringify(stored[f.name])}, sent ${JSON.stringify(sent[f.name])}`,
          );
      }
      if ('zzUnknown' in stored) problems.push('an unknown key was stored');
      if (sent.createTime !== undefined && stored.createTime === sent.createTime)
        problems.push('createTime was taken from the body');
      if (action === 'add' && sent.id !== undefined && id === sent.id) problems.push('the client id was used');
      return problems;
    };

    const namesField = (body: Row, field: string) => {
      const message = String(body.message ?? '');
      return message.includes(field) || PROTOCOL_MESSAGES[message] === field;
    };

    /** A row the route may read or modify: a fresh one made through add where the entity has add. */
    const liveRow = async (entity: Entity): Promise<number> => {
      if (!entity.api.includes('add')) return Number((await t.rows(entity.table))[0]?.id ?? 1);
      const r = await t.call('POST', `/admin/${entity.prefix}/add`, { token, body: sampleRecord(entity, seq.n++) });
      expect(r.status, `${entity.prefix}: a valid record must be accepted: ${r.raw}`).toBe(200);
      const data = r.body.data as { id: number } | number;
      return typeof data === 'number' ? data : data.id;
    };

    it('covers exactly the generic routes the app serves', () => {
      const { registry } = t.app.joinery;
      const served = t.app.joinery
        .listRoutes()
        .filter((r) => {
          const [, , ...parts] = r.url.split('/');
          const action = parts.pop() as GenericAction;
          return GENERIC_ACTIONS.includes(action) && registry.get(parts.join('/'))?.api.includes(action);
        })
        .map((r) => r.url)
        .sort();
      expect(served).toEqual(ROUTES.map((r) => r.url).sort());
      expect(served.length).toBeGreaterThan(100);
    });

    it.each(ROUTES)(
      '$url: no 5xx, every refusal a 4xx naming the field, nothing changed by a refusal',
      async ({ prefix, action, url }) => {
        const entity = t.app.joinery.registry.get(prefix)!;
        const liveId = await liveRow(entity);
        const cases = hostileCases(entity, action, liveId, seq);
        expect(cases.length).toBeGreaterThanOrEqual(40);
        const method = action === 'info' ? 'GET' : 'POST';
        const failures: string[] = [];
        const tally: Tally = { url, cases: cases.length, refused: 0, accepted: 0 };
        const start = await dbFingerprint(t);
        // What the database held before the cases in `unchecked`: refused writes (and deletes of unknown ids) that must
        // have changed nothing. One fingerprint after a run of them proves it for the whole run (a difference names
        // them all), instead of one after each; an accepted add or update starts a new run from what it stored.
        let fingerprint = start;
        let unchecked: string[] = [];
        const checkUnchanged = async () => {
          if (!unchecked.length) return;
          const after = await dbFingerprint(t);
          const changed = Object.keys(after).filter((k) => after[k] !== fingerprint[k]);
          if (changed.length) failures.push(`${unchecked.join(' / ')}: changed ${changed.join(', ')}`);
          fingerprint = after;
          unchecked = [];
        };
        const stores = action === 'add' || action === 'update';
        for (const c of cases) {
          const acceptedByDesign = ACCEPTED_BY_DESIGN[`${prefix}/${action} ${c.name}`] !== undefined;
          // A write that is to be stored ends the run before it.
          if (stores && (c.expect === 'accept' || acceptedByDesign)) await checkUnchanged();
          const res = await send(method, url, c);
          const why = (problem: string) =>
            failures.push(`${c.name}: ${problem} [${res.status} ${res.raw.slice(0, 160)}]`);
          if (res.status >= 500) {
            why('server error');
            continue;
          }
          if (typeof res.body.code !== 'number' || typeof res.body.message !== 'string' || res.body.message === '')
            why('the reply is not the envelope');
          if (res.status < 300) {
            tally.accepted++;
            if (c.expect === 'reject' && !acceptedByDesign) why('accepted, should be refused');
            if (!WRITES.has(action)) continue;
            for (const p of await roundTripProblems(entity, action, c, res.body, liveId)) why(p);
            if (action === 'delete') {
              unchecked.push(`${c.name} (deleting unknown ids, accepted)`);
              continue;
            }
            // Stored where it was to be refused (failed above): the run before it can no longer be told apart from it.
            unchecked = [];
            fingerprint = await dbFingerprint(t);
            continue;
          }
          tally.refused++;
          if (res.status < 400) why('neither success nor a 4xx');
          if (c.expect === 'accept') why('refused, should be accepted');
          if (c.field && !namesField(res.body, c.field)) why(`the message does not name ${c.field}`);
          if (WRITES.has(action)) unchecked.push(`${c.name} (refused)`);
        }
        await checkUnchanged();
        if (!WRITES.has(action)) expect(await dbFingerprint(t), 'reads never write').toEqual(start);
        tallies.push(tally);
        expect(failures).toEqual([]);
      },
    );

    it('reports the figures: ≥ 40 hostile cases on every generic route', () => {
      expect(tallies).toHaveLength(ROUTES.length);
      const total = tallies.reduce((n, r) => n + r.cases, 0);
      const min = Math.min(...tallies.map((r) => r.cases));
      const refused = tallies.reduce((n, r) => n + r.refused, 0);
      console.log(
        `[bad-input ${dialect}] ${tallies.length} generic routes, ${total} hostile cases (min ${min}, max ${Math.max(...tallies.map((r) => r.cases))} per route), ` +
          `${refused} refused with a 4xx, ${total - refused} accepted and round-tripped, 0 replies >= 500. ` +
          `Accepted as legitimate text: ${Object.keys(ACCEPTED_UNICODE).join(', ')}; refused: NUL, lone surrogates.`,
      );
      expect(min).toBeGreaterThanOrEqual(40);
    });
  });
}
