import { RE2JS } from 're2js';

/**
 * The regular-expression engine of the console's form validators (RJSF's ajv): RE2JS, whose matching time is linear
 * in the value's length, as on the server (server/core/registry/README.md). With the browser's RegExp a schema pattern
 * such as `^(a+)+$` froze the tab of whoever typed 30 characters into its field.
 */
export const linearRegExp = Object.assign(
  (pattern: string, flags: string) => {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    // ajv keys compiled patterns by this text.
    return { test: (s: string) => compiled.matcher(s).find(), toString: () => `/${pattern}/${flags}` };
  },
  { code: 'linearRegExp' },
);
