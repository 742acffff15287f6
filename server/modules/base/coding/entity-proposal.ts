import type { Host } from '../../../core/host.js';
import type { Entity } from '../../../core/registry/entity-types.js';
import { appError, E, fieldError, type Issue, issue, same } from '../../../core/errors.js';
import { checkFits, prepareEntity } from '../../../core/registry/register-entity.js';
import { assertTablesNotReserved } from '../../../core/registry/reserved-tables.js';
import { columnLimitProblem, dialectLimitProblem } from '../../../core/db/dialect-limits.js';
import { parentProblem } from '../../../core/registry/menu-dirs.js';
import { storedOrigin } from '../../../core/registry/stored-entities.js';
import {
  ProposalError,
  draftFieldsFromSentence,
  fieldsFromCsv,
  fieldsFromSample,
  llmConfigFromEnv,
  parseTypeormEntity,
  proposalToSchema,
  type LlmContext,
  type Proposal,
  type ProposalField,
} from './proposal/index.js';

/** A ProposalError or a schema check failure as a 400 whose details name the field. */
export function asBadRequest(e: unknown): Error {
  // The proposal's and the schema checker's own words (English) inside a message in the caller's language.
  if (e instanceof ProposalError) {
    const details: Issue[] = e.issues.map((i) => ({ path: i.path, message: same(i.message) }));
    return appError(E.CODING_PROPOSAL_INVALID, { reason: e.message }, details);
  }
  if (e instanceof Error && !('statusCode' in e)) {
    const field = /field "([^"]+)"/.exec(e.message)?.[1];
    const message = e.message.replace(/^Invalid entity schema /, '');
    const path = field ? `fields.${field}` : /x-prefix|table|class/.test(message) ? 'name' : 'schema';
    return appError(E.CODING_PROPOSAL_INVALID, { reason: message }, [{ path, message: same(message) }]);
  }
  return e as Error;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The proposal a draft request describes, from one of the inputs: `fields` (the form), `sample` (a JSON record),
 * `csv` (header + rows), `entity` (TypeORM source) or `sentence` (only with an LLM configured).
 */
export async function proposalOfRequest(body: unknown, host?: Host): Promise<Proposal> {
  if (!isObject(body)) throw appError(E.CODING_BODY_OBJECT, {}, [issue('(body)', E.FIELD_OBJECT)]);
  // renames, choices and evolve say how to apply (apply-entity.ts), not what the entity is.
  const { from, sample, csv, entity, sentence, proposal, renames: _r, choices: _c, evolve: _e, ...rest } = body;
  const place = rest as Omit<Proposal, 'fields'> & { fields?: unknown };
  try {
    let fields: ProposalField[] | unknown;
    switch (from ?? (proposal ? 'proposal' : 'form')) {
      case 'proposal':
        return proposal as Proposal;
      case 'form':
        fields = place.fields;
        break;
      case 'json':
        fields = await unusedDictKeys(host, fieldsFromSample(String(sample ?? '')));
        break;
      case 'csv':
        fields = await unusedDictKeys(host, fieldsFromCsv(String(csv ?? '')));
        break;
      case 'entity': {
        const parsed = parseTypeormEntity(String(entity ?? ''), String(place.module ?? ''));
        return {
          ...parsed.proposal,
          ...Object.fromEntries(Object.entries(place).filter(([, v]) => v !== undefined)),
        } as Proposal;
      }
      case 'sentence': {
        const config = llmConfigFromEnv();
        if (!config)
          throw new ProposalError([
            {
              path: 'from',
              message:
                'no language model is configured (JOINERY_LLM_URL, JOINERY_LLM_MODEL): use the form, a sample record or CSV',
            },
          ]);
        fields = await draftFieldsFromSentence(
          String(sentence ?? ''),
          config,
          'draft',
          'draft',
          host ? await llmContext(host) : undefined,
        );
        break;
      }
      default:
        throw new ProposalError([
          { path: 'from', message: 'must be one of form, json, csv, entity, sentence, proposal' },
        ]);
    }
    return { ...place, fields } as Proposal;
  } catch (e) {
    throw asBadRequest(e);
  }
}

/** id, createTime, updateTime: the columns every entity table has besides its fields. */
const SYSTEM_COLUMNS = 3;

/** The dictionary keys of the server. */
async function dictKeys(host: Host): Promise<Set<string>> {
  return new Set(
    (await host.database.db.selectFrom('dict_type').select('key').execute()).map((r: { key: string }) => r.key),
  );
}

/** A dictionary a sample suggests gets a key no dictionary has yet (colour → colour2), so the apply makes a new one. */
async function unusedDictKeys(host: Host | undefined, fields: ProposalField[]): Promise<ProposalField[]> {
  if (!host || !fields.some((f) => f.dictEntries)) return fields;
  const taken = await dictKeys(host);
  return fields.map((f) => {
    if (!f.dict || !f.dictEntries) return f;
    let key = f.dict;
    for (let n = 2; taken.has(key); n++) key = `${f.dict}${n}`;
    taken.add(key);
    return { ...f, dict: key };
  });
}

/** What the language model is told the server has: entities (to relate to) and dictionaries (to reuse). */
async function llmContext(host: Host): Promise<LlmContext> {
  const entities = host.registry
    .all()
    .filter((e) => e.api.includes('page') || e.api.includes('list'))
    .map((e) => ({
      prefix: e.prefix,
      title: [...new Set([e.title['zh-cn'], e.title.en])].join(' / '),
      fields: e.fields.filter((f) => !f.system && !f.secret && !f.virtual).map((f) => f.name),
    }));
  const types = await host.database.db.selectFrom('dict_type').select(['id', 'key', 'name']).execute();
  const infos = await host.database.db.selectFrom('dict_info').select(['typeId', 'name', 'value']).execute();
  const dicts = types.map((t) => ({
    key: t.key,
    name: t.name,
    values: infos.filter((i) => Number(i.typeId) === Number(t.id)).map((i) => `${i.value ?? ''}=${i.name}`),
  }));
  return { entities, dicts };
}

/** Checks what a schema needs from the running server: its dictionaries exist, its parent menu directory exists, it fits the registry. */
export async function checkAgainstServer(
  host: Host,
  schema: Record<string, unknown>,
): Promise<{ entity: Entity; replacing: boolean }> {
  const prefix = String(schema['x-prefix'] ?? '');
  const existing = host.registry.get(prefix);
  // A stored entity may be evolved (additive changes); a built-in one (a schema file) is never replaced from here.
  const replacing = existing !== undefined && existing.origin === storedOrigin(prefix);
  // Counted before the schema is validated: a schema of 10,000 fields is refused at once, naming the limit.
  const properties = isObject(schema.properties) ? Object.keys(schema.properties).length : 0;
  const wide = columnLimitProblem(properties + SYSTEM_COLUMNS, host.database.dialect);
  if (wide) throw wide.error;
  // Before the schema's own checks, so the reply names the proposal's field in the caller's language.
  const menu = isObject(schema['x-menu']) ? schema['x-menu'] : {};
  const module = typeof schema['x-module'] === 'string' ? schema['x-module'] : prefix.split('/')[0];
  if (typeof menu.parent === 'string' && parentProblem(menu.parent, module))
    throw fieldError('menu.parent', E.CODING_NO_MENU_DIRECTORY, { key: menu.parent });
  let entity: Entity;
  try {
    entity = prepareEntity({ schema, origin: storedOrigin(prefix) });
    assertTablesNotReserved(host.registry.all(), [entity]);
    checkFits(host.registry, [entity], { replacing });
  } catch (e) {
    throw asBadRequest(e);
  }
  const limit = dialectLimitProblem(entity, host.database.dialect);
  if (limit) throw limit.error;
  // A dictionary the schema carries (x-dict-entries) is created by the apply; any other must exist already.
  const carried = new Set(entity.fields.filter((f) => f.schema['x-dict-entries']).map((f) => f.schema['x-dict']));
  const dicts = entity.fields
    .map((f) => [f.name, f.schema['x-dict']] as const)
    .filter((d): d is readonly [string, string] => typeof d[1] === 'string' && !carried.has(d[1]));
  if (dicts.length) {
    const known = await dictKeys(host);
    const missing = dicts.find(([, key]) => !known.has(key));
    if (missing)
      throw fieldError(`fields.${missing[0]}.dict`, E.CODING_NO_DICTIONARY, { field: missing[0], dict: missing[1] });
  }
  return { entity, replacing };
}

/** A request's proposal as a schema document, refused with field-named 400s. */
export function schemaOfProposal(proposal: Proposal): Record<string, unknown> {
  try {
    return proposalToSchema(proposal);
  } catch (e) {
    throw asBadRequest(e);
  }
}
