import { useEffect, useState } from 'react';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
// The precompiled validator alone, not the package's index: that would bring ajv's compiler into the page.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import ucs2length from 'ajv/dist/runtime/ucs2length';
import equal from 'ajv/dist/runtime/equal';
import uri from 'ajv/dist/runtime/uri';
import * as formats from 'ajv-formats/dist/formats';
import { request } from './request';
import type { BaseCommFormValidatorReply } from './client.generated';
import { apiUrl } from './api-base';

/**
 * Form validation without eval (the console's CSP has no 'unsafe-eval'): the server compiles each form's JSON Schema
 * with ajv's standalone code and serves it as a same-origin module (server/core/http/form-validators.ts); the page
 * imports that module and gives it to RJSF's precompiled validator. One module per distinct schema, asked once per page
 * load (the browser keeps the module itself for a year).
 */

/** A CommonJS helper as the bundler hands it over: the function itself, or its exports object with `default`. */
function functionOf(m: unknown): unknown {
  return typeof m === 'function' ? m : (m as { default?: unknown } | undefined)?.default;
}

/** What the compiled code may require (the server refuses to compile code needing anything else: RUNTIME_MODULES). */
const RUNTIME: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': { default: functionOf(ucs2length) },
  'ajv/dist/runtime/equal': { default: functionOf(equal) },
  'ajv/dist/runtime/uri': { default: functionOf(uri) },
  'ajv-formats/dist/formats': {
    fullFormats:
      (formats as { fullFormats?: unknown }).fullFormats ??
      (formats as { default?: { fullFormats?: unknown } }).default?.fullFormats,
  },
};
const runtimeRequire = (name: string) => {
  if (!(name in RUNTIME)) throw new Error(`form validator: no runtime module ${name}`);
  return RUNTIME[name];
};

type ValidateFns = Parameters<typeof createPrecompiledValidator>[0];
type Module = { default: (require: (name: string) => unknown) => ValidateFns };

const loaded = new Map<string, Promise<ValidatorType>>();

/** The validator for a form schema: compiled by the server, loaded once and kept for the page's life. */
export function formValidator(schema: RJSFSchema): Promise<ValidatorType> {
  const key = JSON.stringify(schema);
  let found = loaded.get(key);
  if (!found) {
    found = (async () => {
      const { url } = await request<BaseCommFormValidatorReply>('/admin/base/comm/formValidator', {
        method: 'POST',
        data: { schema },
        quiet: true,
      });
      if (!/^\/form-validators\/[\w-]+\.js$/.test(url)) throw new Error(`form validator: unexpected address ${url}`);
      // The pattern engine is a chunk of its own, loaded with the first form (not with the page).
      const [mod, { linearRegExp }] = await Promise.all([
        import(/* @vite-ignore */ apiUrl(url)) as Promise<Module>,
        import('./linear-regexp'),
      ]);
      RUNTIME['joinery/linear-regexp'] = { default: linearRegExp };
      return createPrecompiledValidator(mod.default(runtimeRequire), schema) as ValidatorType;
    })();
    // A failure is tried again at the next opening.
    found.catch(() => loaded.delete(key));
    loaded.set(key, found);
  }
  return found;
}

/**
 * The validator for the schema, or undefined while it loads. Should the server be unreachable for it, the form still
 * works: it then has no checks of its own and shows what the server's save reports (error says why).
 */
export function useFormValidator(schema: RJSFSchema): { validator?: ValidatorType; error?: unknown } {
  const [state, setState] = useState<{ schema: RJSFSchema; validator?: ValidatorType; error?: unknown }>({ schema });
  useEffect(() => {
    let live = true;
    formValidator(schema).then(
      (validator) => {
        if (live) setState({ schema, validator });
      },
      (error: unknown) => {
        console.warn('form validator not loaded; the server checks the values on save', error);
        if (live) setState({ schema, validator: NO_CHECKS, error });
      },
    );
    return () => {
      live = false;
    };
  }, [schema]);
  return state.schema === schema ? state : {};
}

/** Accepts everything: the server's checks on save are the only ones (the validator could not be loaded). */
const NO_CHECKS: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  toErrorList: () => [],
  isValid: () => true,
  rawValidation: () => ({ errors: undefined, validationError: undefined }),
} as unknown as ValidatorType;
