import { anyValue, arrayOf, bool, int, mapOf, named, obj, str, texts } from '../../../core/http/route-schema.js';
import type { RouteSchema } from '../../../core/http/route-types.js';

/*
 * Bodies and replies of base/coding (route-schema.ts). A proposal is named here by its outline; its full rules are
 * codegen/proposal (checkProposal), which the console's AI-code page types itself with.
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
const codes = arrayOf(obj({ path: str, content: str }));
const prefixQuery = obj({ prefix: str });

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
  plan: { body: { type: 'object' }, reply: anyValue },
  kept: { query: obj({ 'prefix?': str, 'field?': str }), reply: anyValue },
  purge: { body: obj({ prefix: str, 'field?': str }), reply: anyValue },
  createCode: {
    // PROTOCOL §7.15's {codes} or the bare array; or a proposal, or a draft's source.
    body: { anyOf: [obj({ 'codes?': codes, 'proposal?': proposal, 'from?': str }), codes] },
    reply: obj({ applied: arrayOf(str), skipped: arrayOf(str) }),
  },
  remove: { body: obj({ prefix: str, 'confirm?': str }), reply: obj({ removed: str, recycled: int }) },
} satisfies Record<string, RouteSchema>;
