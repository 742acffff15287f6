/**
 * The calls eps lists for an entity that keeps every generic action, its file calls and its field history (an AI-code
 * entity, a plugin's, a schema file's with no x-api), sorted: one list for the tests that check such an entity went
 * live, so a call added to every entity is added here once.
 */
export const FULL_ENTITY_ROUTES = [
  '/add',
  '/delete',
  '/export',
  '/history',
  '/historyExport',
  '/import',
  '/info',
  '/list',
  '/page',
  '/revert',
  '/update',
];
