import { describe, expect, it } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { linearRegExp } from './linear-regexp';

describe("the console's form validator runs patterns in linear time", () => {
  it("^(a+)+$ against 5,000 characters answers (the browser's RegExp would not, for hours)", () => {
    const validator = customizeValidator({
      ajvOptionsOverrides: { allowUnionTypes: true, code: { regExp: linearRegExp } },
    });
    const schema = {
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^(a+)+$' },
        name: { type: 'string', pattern: '^[\\u4e00-\\u9fa5]+$' },
      },
    } as const;
    expect(validator.isValid(schema, { code: 'a'.repeat(5000) }, schema)).toBe(true);
    const errors = validator.validateFormData({ code: `${'a'.repeat(5000)}!`, name: 'oak' }, schema).errors;
    expect(errors.map((e) => [e.property, e.name])).toEqual([
      ['.code', 'pattern'],
      ['.name', 'pattern'],
    ]);
  });
});
