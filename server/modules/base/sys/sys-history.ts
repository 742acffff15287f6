import type { Host } from '../../../core/host.js';
import { E, fieldError } from '../../../core/errors.js';
import { getConf, logScope, setConf } from './sys-log.js';

const PREFIX = 'base/sys/history';
/** The days field history is kept when nothing says otherwise (seeded too: base_sys_conf historyKeep). */
export const HISTORY_KEEP_DEFAULT = 365;

/**
 * The change history of every entity (base_sys_history, issue 31) as a screen of its own under 系统监控, with how many
 * days it is kept (historyKeep, applied by the scheduled task base.clearHistory) — as the request log has. A non-super
 * admin sees the history written by itself and the users it reaches, as on the request log; every entity's own
 * `<prefix>/history` shows the history of the records its data scope shows.
 */
export function registerSysHistory(host: Host): void {
  host.hooks.add(PREFIX, { scope: logScope });
  host.actions.set(PREFIX, 'setKeep', async (ctx, { body }) => {
    const value = typeof body.value === 'string' && /^\d+$/.test(body.value) ? Number(body.value) : body.value;
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 3650)
      throw fieldError('value', E.HISTORY_KEEP_DAYS);
    await setConf(ctx, 'historyKeep', String(value));
  });
  host.actions.set(
    PREFIX,
    'getKeep',
    async (ctx) => (await getConf(ctx, 'historyKeep')) ?? String(HISTORY_KEEP_DEFAULT),
  );
}
