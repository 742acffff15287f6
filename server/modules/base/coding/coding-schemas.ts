import {
  anyValue,
  arrayOf,
  bool,
  int,
  mapOf,
  named,
  nullable,
  obj,
  oneOfValues,
  str,
  texts,
} from '../../../core/http/route-schema.js';
import type { RouteSchema } from '../../../core/http/route-types.js';

/*
 * Bodies and replies of base/coding (route-schema.ts). A proposal is named here by its outline; its full rules are
 * proposal/ (checkProposal), which the console's AI-code page types itself with.
 */
const proposal = named(
  'Proposal',
  obj({
    module: str,
    name: str,
    'title?': { anyOf: [str, texts] },
    fields: arrayOf(obj({ name: str, type: str })),
    'menu?': mapOf(anyValue),
    'permissions?': arrayOf(str),
  }),
);
/** Where a draft comes from (codegen/README.md, "On the server"). */
const draftBody = named(
  'DraftBody',
  obj({
    from: { enum: ['form', 'json', 'csv', 'entity', 'sentence', 'proposal'] },
    'module?': str,
    'name?': str,
    'proposal?': proposal,
    'sample?': str,
    'csv?': str,
    'entity?': str,
    'sentence?': str,
  }),
);
/**
 * The body limit of draft, plan and createCode, which take the same sources: a CSV or JSON export of a few MB is what
 * admins paste (the default 1 MB refused at draft what createCode would take).
 */
export const CODING_BODY_LIMIT = 2 * 1024 * 1024;

const codes = arrayOf(obj({ path: str, content: str }));
const prefixQuery = obj({ prefix: str });

// An evolve's change plan (server/core/db/evolve-plan.ts) and how the admin applies it (apply-entity.ts).
const rename = named('Rename', obj({ from: str, to: str }));
const choice = named('Choice', oneOfValues(['convert', 'refuse', 'yuan', 'cents']));
const evolveOptions = {
  'evolve?': bool,
  'renames?': arrayOf(rename),
  'choices?': mapOf(choice),
};
const planSample = named('PlanSample', obj({ id: int, value: anyValue, 'to?': anyValue, 'reason?': str }));
const fieldChange = named(
  'FieldChange',
  obj({
    kind: oneOfValues(['add', 'rename', 'drop', 'retype', 'unique']),
    field: str,
    'from?': str,
    'type?': obj({ from: str, to: str }),
    rows: int,
    'convert?': int,
    'fail?': int,
    samples: arrayOf(planSample),
    failing: arrayOf(planSample),
    'choices?': arrayOf(choice),
    'emptyRequired?': bool,
  }),
);
const changePlan = named('ChangePlan', obj({ prefix: str, table: str, rows: int, changes: arrayOf(fieldChange) }));
const keptReason = oneOfValues(['dropped', 'converted']);

export const CODING_ROUTES = {
  getModuleTree: { reply: arrayOf(str) },
  draft: {
    body: draftBody,
    reply: named(
      'DraftReply',
      obj({
        proposal,
        schema: mapOf(anyValue),
        replacing: bool,
        preview: mapOf(anyValue),
        'rows?': arrayOf(mapOf(anyValue)),
      }),
    ),
  },
  options: {
    reply: named(
      'CodingOptions',
      obj({
        llm: bool,
        canApply: bool,
        parents: arrayOf(obj({ key: str, name: texts, depth: int })),
        modules: arrayOf(str),
        stored: arrayOf(obj({ prefix: str, title: texts })),
      }),
    ),
  },
  schema: { query: prefixQuery, reply: obj({ path: str, stored: bool, schema: mapOf(anyValue) }) },
  proposal: { query: prefixQuery, reply: obj({ proposal }) },
  // The change plan of an evolve, kept values and their purge (evolve-routes.ts; codegen/README.md).
  plan: {
    // What createCode takes: a proposal or a draft's source, with the renames the admin made.
    body: named('PlanBody', obj({ 'proposal?': proposal, 'from?': str, 'renames?': arrayOf(rename) })),
    reply: named('PlanReply', obj({ replacing: bool, plan: nullable(changePlan) })),
  },
  kept: {
    query: obj({ 'prefix?': str, 'field?': str }),
    reply: named(
      'KeptReply',
      obj({
        kept: arrayOf(obj({ field: str, reason: keptReason, rows: int, keptAt: str })),
        'values?': arrayOf(obj({ field: str, rowId: int, value: anyValue, reason: keptReason, keptAt: str })),
      }),
    ),
  },
  purge: { body: obj({ prefix: str, 'field?': str }), reply: obj({ purged: int }) },
  createCode: {
    // PROTOCOL §7.15's {codes} or the bare array; or a proposal, or a draft's source, evolving with the choices.
    body: {
      anyOf: [obj({ 'codes?': codes, 'proposal?': proposal, 'from?': str, ...evolveOptions }), codes],
    },
    reply: obj({ applied: arrayOf(str), skipped: arrayOf(str) }),
  },
  remove: { body: obj({ prefix: str, 'confirm?': str }), reply: obj({ removed: str, recycled: int }) },
} satisfies Record<string, RouteSchema>;
