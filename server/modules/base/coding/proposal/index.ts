/** Schema proposals: built from a field form, a sample JSON record, a CSV header + rows, a TypeORM entity or an LLM draft; shared by the server's AI-code routes and the CLI. */
export * from './proposal-types.js';
export { checkProposal, proposalToSchema, MAX_FIELDS } from './proposal-to-schema.js';
export { fieldsFromSample } from './from-sample.js';
export { fieldsFromCsv, parseCsv } from './from-csv.js';
export { parseTypeormEntity, type ParsedEntity, type ParsedColumn } from './from-typeorm.js';
export { draftFieldsFromSentence, llmConfigFromEnv, type LlmConfig, type LlmContext } from './from-llm.js';
export { fieldsFromColumns, kindOfValue } from './infer-fields.js';
export { hasHan, labelOf as headerLabel } from './glossary.js';
export { toFieldName, RESERVED_NAMES, SQL_KEYWORDS } from './names.js';
export { schemaToProposal } from './schema-to-proposal.js';
export { sampleRows } from './sample-rows.js';
