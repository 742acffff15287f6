import { describe, expect, it } from 'vitest';
import { loadSchemaFiles } from '../../core/registry/load-schemas.js';
import { SCHEMAS_DIR } from '../../paths.js';

/**
 * Nobody types an id: every field of a built-in entity that a form edits (add or update routed, not hidden, not
 * read-only, not virtual) and that holds another record's id (named …Id / …Ids) is a relation, picked by its label.
 */
describe('built-in forms ask for no raw id', () => {
  it('every id field a form shows is an x-ref relation', () => {
    const raw: string[] = [];
    for (const { schema, file } of loadSchemaFiles(SCHEMAS_DIR)) {
      const api = schema['x-api'] ?? [];
      if (!api.includes('add') && !api.includes('update')) continue;
      for (const [name, field] of Object.entries(schema.properties)) {
        if (!/Ids?$/.test(name)) continue;
        const ui = field['x-ui'] ?? {};
        if (ui.hidden || ui.readonly || field['x-readonly'] || field['x-ref']) continue;
        raw.push(`${file}: ${name}`);
      }
    }
    expect(raw).toEqual([]);
  });
});
