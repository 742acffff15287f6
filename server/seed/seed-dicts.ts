import type { OpContext } from '../core/crud/context.js';
import type { Label } from '../core/registry/entity-types.js';
import { insertSeedRows } from './seed.js';

export type DictSeed = {
  types: { key: string; name: Label; entries: { value: number | string; name: Label; color?: string }[] }[];
};

/** Dictionary types and entries; names in zh-cn, translations kept in i18n (dict/info/data answers with them, the
 * console shows types and entries in the interface language). */
export async function seedDicts(ctx: OpContext, files: DictSeed[]): Promise<void> {
  let typeId = 0;
  let infoId = 0;
  for (const file of files) {
    for (const type of file.types) {
      typeId += 1;
      await insertSeedRows(ctx, 'dict/type', [
        {
          id: typeId,
          name: type.name['zh-cn'],
          key: type.key,
          i18n: { 'zh-tw': type.name['zh-tw'], en: type.name.en },
        },
      ]);
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

/**
 * Every start: seeded dictionary types of a database made before types carried translations get them — only where
 * the type still has its seeded zh-cn name and no translations (a type an admin renamed or translated is left alone).
 */
export async function translateSeededDictTypes(ctx: OpContext, files: DictSeed[]): Promise<number> {
  const seeded = new Map(files.flatMap((f) => f.types.map((t) => [t.key, t.name] as const)));
  const bare = await ctx.db.selectFrom('dict_type').select(['id', 'key', 'name']).where('i18n', 'is', null).execute();
  let done = 0;
  for (const row of bare) {
    const name = seeded.get(row.key);
    if (!name || name['zh-cn'] !== row.name) continue;
    await ctx.db
      .updateTable('dict_type')
      .set({ i18n: JSON.stringify({ 'zh-tw': name['zh-tw'], en: name.en }) })
      .where('id', '=', row.id)
      .where('i18n', 'is', null)
      .execute();
    done += 1;
  }
  return done;
}
