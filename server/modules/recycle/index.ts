import type { Host } from '../../core/host.js';
import { parseIds } from '../../core/crud/input-validation.js';
import { entityOfRecord, RECYCLE_PREFIX, restoreFromRecycleBin } from '../../core/crud/recycle-bin.js';
import type { Row } from '../../core/db/row.js';
import { decodeRow } from '../../core/db/row-codec.js';

/** Recycle bin: restore, and rows shown the way their entity shows them (no secrets). */
export function registerRecycleModule(host: Host): void {
  host.actions.set(RECYCLE_PREFIX, 'restore', async (ctx, { body }) => {
    await restoreFromRecycleBin(ctx, parseIds(body.ids));
    host.auth.invalidateRights();
  });
  host.hooks.set(RECYCLE_PREFIX, {
    decorate: (ctx, rows) => {
      for (const row of rows) {
        const entity = entityOfRecord(ctx, row);
        if (entity && Array.isArray(row.data)) row.data = (row.data as Row[]).map((r) => decodeRow(entity, r));
      }
    },
  });
}
