import type { Host } from '../../../core/host.js';
import type { OpContext } from '../../../core/crud/context.js';
import { sandboxReply } from '../../../core/http/security-headers.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The raw HTML page of a param (PROTOCOL §7.2 open/html): its name as title, its data as body. */
export async function paramHtml(ctx: OpContext, key: unknown): Promise<string> {
  if (typeof key !== 'string' || key === '') return 'key notfound';
  const row = await ctx.db
    .selectFrom('base_sys_param')
    .select(['name', 'data'])
    .where('keyName', '=', key)
    .executeTakeFirst();
  if (!row) return 'key notfound';
  return `<html><title>${escapeHtml(String(row.name))}</title><body>${String(row.data ?? '')}</body></html>`;
}

export function registerSysParam(host: Host): void {
  host.actions.set('base/sys/param', 'html', async (ctx, { query, reply }) =>
    sandboxReply(reply)
      .type('text/html; charset=utf-8')
      .send(await paramHtml(ctx, query.key)),
  );
}
