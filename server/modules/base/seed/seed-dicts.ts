import type { OpContext } from '../../../core/crud/context.js';
import type { Label } from '../../../core/registry/entity-types.js';
import { insertSeedRows } from './seed.js';

export type DictSeed = {
  types: { key: string; name: Label; entries: { value: number | string; name: Label; color?: string }[] }[];
};

/** Dictionary types and entries; names in zh-cn, translations kept in i18n for dict/info/data. */
export async function seedDicts(ctx: OpContext, files: DictSeed[]): Promise<void> {
  let typeId = 0;
  let infoId = 0;
  for (const file of files) {
    for (const type of file.types) {
      typeId += 1;
      await insertSeedRows(ctx, 'dict/type', [{ id: typeId, name: type.name['zh-cn'], key: type.key }]);
      await insertSeedRows(
        ctx,
        'dict/info',
        type.entries.map((e, i) => ({
          id: ++infoId,
          typeId,
          name: e.name['zh-cn'],
          value: String(e.value),
          orderNum: i + 1,
          parentId: null,
          color: e.color ?? null,
          i18n: { 'zh-tw': e.name['zh-tw'], en: e.name.en },
        })),
      );
    }
  }
}
