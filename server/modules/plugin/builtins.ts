import type { Host } from '../../core/host.js';
import type { Row } from '../../core/db/row.js';
import { decodeRow, encodeRow } from '../../core/db/row-codec.js';
import { insertRow } from '../../core/crud/insert-row.js';
import { nowText } from '../../core/db/time.js';
import { checkConfig, DEFAULT_PLUGIN_LOGO } from './plugin-package.js';
import { PLUGIN_PREFIX, PLUGIN_TABLE } from './plugin-manager.js';

/** `content.type` of a built-in plugin's row: the console ships its parts; the row holds its switch and settings. */
export const BUILTIN_TYPE = 'builtin';
const AUTHOR = 'Joinery';

/**
 * The console's own front-end plugins (SPEC §2 "Plugins present"), as rows of plugin_info. Their parts live in the
 * runtime (runtime/modules/builtin-modules.tsx, by keyName); the row says whether they are on and how they are set.
 * `locked`: the console cannot run without it, so it cannot be disabled either.
 */
export type BuiltinPlugin = {
  keyName: string;
  name: string;
  version: string;
  description: string;
  readme: string;
  order: number;
  locked?: boolean;
  configSchema?: Record<string, unknown>;
  config?: Record<string, unknown>;
};

export const BUILTIN_PLUGINS: readonly BuiltinPlugin[] = [
  {
    keyName: 'icon',
    name: '图标',
    version: '1.0.0',
    order: 1,
    description: '菜单、按钮与页面使用的图标集，以及菜单表单中的图标选择器',
    readme:
      '图标（icon font）\n\n控制台自带的一套线性图标（24×24）。菜单行以 icon-<名称> 指定图标；未知的名称显示为中性方块。\n\n示例：全部图标。停用后示例隐藏，菜单与页面中的图标照常显示。',
  },
  {
    keyName: 'print',
    name: 'PDF打印',
    version: '1.0.0',
    order: 2,
    description: '把页面中的一块内容打印或另存为 PDF（浏览器的打印对话框）',
    readme:
      'PDF打印\n\n把一块内容（单据、表单的填写结果）单独排版后交给浏览器打印，在打印对话框中选择“另存为 PDF”即得到 PDF 文件。\n\n示例：基础用法、表单插件。\n配置：纸张（A4、A5、Letter）与方向。\n停用后示例与打印动作隐藏。',
    configSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        paper: { type: 'string', title: '纸张', enum: ['A4', 'A5', 'Letter'], default: 'A4' },
        landscape: { type: 'boolean', title: '横向', default: false },
      },
    },
    config: { paper: 'A4', landscape: false },
  },
  {
    keyName: 'tailwind',
    name: '原子化样式',
    version: '1.0.0',
    order: 3,
    locked: true,
    description: '控制台的样式（Tailwind CSS 原子类与主题色变量）',
    readme: '原子化样式\n\n控制台的全部界面由原子类（Tailwind CSS）与主题色变量写成。它是控制台自身的样式，不能停用。',
  },
  {
    keyName: 'theme',
    name: '主题',
    version: '1.0.0',
    order: 4,
    description: '自定义主色、菜单分组、暗黑模式（工具栏入口）',
    readme:
      '主题\n\n工具栏中的主题入口（主色、暗黑模式、菜单分组、页面切换动画），每位用户的选择保存在本机。\n\n配置：未做选择的用户使用的默认主色、菜单分组与切换动画。\n停用后工具栏入口与主题面板消失，所有人使用配置中的默认主题（浅色）。',
    configSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        color: { type: 'string', title: '默认主色', pattern: '^#[0-9a-fA-F]{6}$', default: '#4165d7' },
        menuGroup: { type: 'boolean', title: '菜单分组', default: false },
        transition: { type: 'string', title: '切换动画', enum: ['slide', 'fade', 'none'], default: 'slide' },
      },
    },
    config: { color: '#4165d7', menuGroup: false, transition: 'slide' },
  },
  {
    keyName: 'upload',
    name: '文件上传',
    version: '1.0.0',
    order: 5,
    description: '表单中的文件上传：图片、多图、小图、文件、拖拽、自定义内容、上传校验、文件空间',
    readme:
      '文件上传\n\n所有表单的文件字段使用的上传组件：按钮、拖放、粘贴上传，上传进度，按服务器限制预先检查大小与类型，从文件空间选择，多个文件可拖动排序。\n\n示例：基础用法、多图上传、小图模式、文件上传、可拖拽、自定义内容、上传校验、文件空间。\n停用后示例隐藏；表单中的文件字段照常可用。',
  },
  {
    keyName: 'view',
    name: '视图组件',
    version: '1.0.0',
    order: 6,
    description: '页面布局组件：左右布局、顶部详情',
    readme:
      '视图组件\n\n左右布局：左侧列表（可折叠、可搜索），右侧内容随所选项变化。\n顶部详情：页面顶部一栏（返回、标题、操作），下方为内容。\n\n停用后示例隐藏。',
  },
];

const BY_KEY = new Map(BUILTIN_PLUGINS.map((b) => [b.keyName, b]));

export const builtinOf = (keyName: unknown): BuiltinPlugin | undefined =>
  typeof keyName === 'string' ? BY_KEY.get(keyName) : undefined;

/** A row (stored or decoded) that is a built-in plugin's: its content says so. */
export function isBuiltinRow(row: Row): boolean {
  let c = row.content;
  if (typeof c === 'string') {
    try {
      c = JSON.parse(c);
    } catch {
      return false;
    }
  }
  return (
    typeof c === 'object' &&
    c !== null &&
    (c as { type?: unknown }).type === BUILTIN_TYPE &&
    builtinOf(row.keyName) !== undefined
  );
}

/** The plugin.json of a built-in, as packages carry theirs (the original client reads `pluginJson`). */
function manifestOf(b: BuiltinPlugin): Row {
  return {
    name: b.name,
    keyName: b.keyName,
    version: b.version,
    description: b.description,
    author: AUTHOR,
    order: b.order,
    builtin: true,
    ...(b.locked ? { locked: true } : {}),
    ...(b.configSchema ? { configSchema: b.configSchema, config: b.config ?? {} } : {}),
  };
}

/** The columns the code defines (the rest — status, config — belong to the admin). */
function definedColumns(b: BuiltinPlugin): Row {
  return {
    name: b.name,
    keyName: b.keyName,
    version: b.version,
    description: b.description,
    author: AUTHOR,
    hook: null,
    readme: b.readme,
    logo: DEFAULT_PLUGIN_LOGO,
    content: { type: BUILTIN_TYPE, data: {} },
    tsContent: null,
    pluginJson: manifestOf(b),
  };
}

/**
 * The admin's configuration, kept across starts and versions: the defaults with each stored setting over them that
 * the schema still accepts (a setting a newer version dropped or no longer allows falls back to its default).
 */
export function keptConfig(b: BuiltinPlugin, stored: unknown): Record<string, unknown> | null {
  if (!b.configSchema) return null;
  const kept: Record<string, unknown> = { ...(b.config ?? {}) };
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return kept;
  for (const [key, value] of Object.entries(stored as Row)) {
    try {
      checkConfig(b.configSchema, { ...kept, [key]: value });
      kept[key] = value;
    } catch {
      /* not accepted any more: the default stays */
    }
  }
  return kept;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Every start: each built-in has its row. A missing one is created enabled with its default configuration; an existing
 * one gets the code's name, version, readme and manifest, and keeps its status and the admin's configuration (a
 * locked one is enabled again). A row another plugin installed under a built-in's keyName is left alone (said in
 * the log). Rows are written only when something changed, so other processes' polls see no change.
 */
export async function reconcileBuiltins(host: Host): Promise<{ created: number; updated: number }> {
  const entity = host.registry.get(PLUGIN_PREFIX)!;
  const db = host.database.db;
  let created = 0;
  let updated = 0;
  for (const b of BUILTIN_PLUGINS) {
    const found = await db.selectFrom(PLUGIN_TABLE).selectAll().where('keyName', '=', b.keyName).executeTakeFirst();
    const defined = definedColumns(b);
    if (!found) {
      const now = nowText();
      try {
        await insertRow(host.systemContext(), entity, {
          ...encodeRow(entity, { ...defined, status: 1, config: b.configSchema ? (b.config ?? {}) : null }),
          createTime: now,
          updateTime: now,
        });
        created++;
      } catch (e) {
        // Another process starting at the same time made it first.
        const again = await db
          .selectFrom(PLUGIN_TABLE)
          .select('id')
          .where('keyName', '=', b.keyName)
          .executeTakeFirst();
        if (!again) throw e;
      }
      continue;
    }
    if (!isBuiltinRow(found)) {
      host.app.log.warn(
        `plugin_info row ${String(found.id)} (an installed plugin) uses the built-in keyName "${b.keyName}"; the built-in plugin has no row while it is there`,
      );
      continue;
    }
    const row = decodeRow(entity, found, { keepSecrets: true });
    const wanted: Row = { ...defined, config: keptConfig(b, row.config), ...(b.locked ? { status: 1 } : {}) };
    const changed = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => !same(row[k], v)));
    if (Object.keys(changed).length === 0) continue;
    await db
      .updateTable(PLUGIN_TABLE)
      .set({ ...encodeRow(entity, changed), updateTime: nowText() })
      .where('id', '=', Number(found.id))
      .execute();
    updated++;
  }
  return { created, updated };
}

/** What the console needs of the built-ins, for every signed-in user: whether each is on, and its settings. */
export async function builtinStates(
  host: Host,
): Promise<{ keyName: string; name: string; status: number; config: unknown }[]> {
  const entity = host.registry.get(PLUGIN_PREFIX)!;
  const rows = await host.database.db
    .selectFrom(PLUGIN_TABLE)
    .select(['id', 'keyName', 'name', 'status', 'config', 'content'])
    .where(
      'keyName',
      'in',
      BUILTIN_PLUGINS.map((b) => b.keyName),
    )
    .execute();
  return rows
    .filter(isBuiltinRow)
    .map((r) => decodeRow(entity, r))
    .sort((a, b) => (builtinOf(a.keyName)?.order ?? 0) - (builtinOf(b.keyName)?.order ?? 0))
    .map((r) => ({
      keyName: String(r.keyName),
      name: String(r.name),
      status: Number(r.status),
      config: r.config ?? null,
    }));
}
