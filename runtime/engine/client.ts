import { createClient } from './client.generated';
import { request } from './request';

/*
 * The typed client `joinery client` generates from schemas/ (client.generated.ts, kept in step by
 * codegen/test/runtime-client.test.ts), sending through the console's request function: the session's token,
 * refreshed before it runs out, the interface language, refusals as RequestError. Screens written for one built-in
 * entity call it (`client.space.info.page({ classifyId })`, typed records and inputs); the generic screens, which
 * also serve entities made at run time, call entityApi(prefix), its run-time twin with the same method names.
 */
export const client = createClient({
  send: (method, path, body, options) =>
    request(
      path,
      method === 'GET'
        ? { params: body as Record<string, unknown>, signal: options?.signal, quiet: options?.quiet }
        : { method: 'POST', data: body, signal: options?.signal, quiet: options?.quiet },
    ),
});
