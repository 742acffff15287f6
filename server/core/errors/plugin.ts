import { defineErrors } from './define.js';

/**
 * Plugins. The package checks name what is wrong in the package itself (`{reason}`: file names, JSON paths, zip
 * entries) in English, the language of the package's own files; the sentence around it is in the caller's language.
 */
export const PLUGIN = defineErrors({
  PLUGIN_BUILTIN_KEY: {
    status: 400,
    texts: { 'zh-cn': '是内置插件的键', 'zh-tw': '是內建插件的鍵', en: 'is the key of a built-in plugin' },
  },
  PLUGIN_BUILTIN_FIXED: {
    status: 400,
    texts: {
      'zh-cn': '内置插件 {key} 的此字段不能修改（只能修改 status 和 config）',
      'zh-tw': '內建插件 {key} 的此欄位不能修改（只能修改 status 和 config）',
      en: 'the built-in plugin {key} keeps its own (only status and config can change)',
    },
  },
  PLUGIN_NO_SETTINGS: {
    status: 400,
    texts: { 'zh-cn': '此插件没有设置项', 'zh-tw': '此插件沒有設定項', en: 'this plugin has no settings' },
  },
  PLUGIN_LOCKED: {
    status: 400,
    texts: {
      'zh-cn': '「{name}」是控制台自身的一部分，不能停用',
      'zh-tw': '「{name}」是控制台自身的一部分，不能停用',
      en: '{name} is part of the console itself and cannot be disabled',
    },
  },
  PLUGIN_BUILTIN_DELETE: {
    status: 400,
    texts: {
      'zh-cn': '内置插件不能卸载，可以停用: {names}',
      'zh-tw': '內建插件不能解除安裝，可以停用: {names}',
      en: 'Built-in plugins cannot be uninstalled, only disabled: {names}',
    },
  },
  PLUGIN_BUILTIN_ROW: {
    status: 400,
    texts: {
      'zh-cn': '{id} 是内置插件 {key}',
      'zh-tw': '{id} 是內建插件 {key}',
      en: '{id} is the built-in plugin {key}',
    },
  },
  PLUGIN_PACKAGE_MISSING: {
    status: 400,
    texts: {
      'zh-cn': '插件包为空: 请以 multipart 字段“files”发送 .joinery 文件',
      'zh-tw': '插件包為空: 請以 multipart 欄位「files」傳送 .joinery 檔案',
      en: 'The plugin package is empty: send the .joinery file as multipart field "files"',
    },
  },
  PLUGIN_PACKAGE_SIZE: {
    status: 413,
    texts: {
      'zh-cn': '插件包无效: 插件包超过 {limit}',
      'zh-tw': '插件包無效: 插件包超過 {limit}',
      en: 'The plugin package is not valid: it is larger than {limit}',
    },
  },
  PLUGIN_PACKAGE_ONE: {
    status: 400,
    texts: {
      'zh-cn': '插件包无效: 每次只能发送一个插件包',
      'zh-tw': '插件包無效: 每次只能傳送一個插件包',
      en: 'The plugin package is not valid: send one package at a time',
    },
  },
  PLUGIN_PACKAGE_FIELDS: {
    status: 413,
    texts: {
      'zh-cn': '插件包无效: 表单字段过多',
      'zh-tw': '插件包無效: 表單欄位過多',
      en: 'The plugin package is not valid: too many form fields',
    },
  },
  PLUGIN_PACKAGE_UNREADABLE: {
    status: 400,
    texts: {
      'zh-cn': '插件包无效: 无法读取上传内容',
      'zh-tw': '插件包無效: 無法讀取上傳內容',
      en: 'The plugin package is not valid: the upload could not be read',
    },
  },
  PLUGIN_PACKAGE_INVALID: {
    status: 400,
    texts: {
      'zh-cn': '插件包无效: {reason}',
      'zh-tw': '插件包無效: {reason}',
      en: 'The plugin package is not valid: {reason}',
    },
  },
  PLUGIN_PACKAGE_BOMB: {
    status: 413,
    texts: {
      'zh-cn': '插件包无效: {reason}',
      'zh-tw': '插件包無效: {reason}',
      en: 'The plugin package is not valid: {reason}',
    },
  },
  PLUGIN_PACKAGE_INCOMPLETE: {
    status: 400,
    texts: {
      'zh-cn': '插件包不完整: {reason}',
      'zh-tw': '插件包不完整: {reason}',
      en: 'The plugin package is incomplete: {reason}',
    },
  },
  PLUGIN_INSTALL_FAILED: {
    status: 400,
    texts: {
      'zh-cn': '插件安装失败: {reason}',
      'zh-tw': '插件安裝失敗: {reason}',
      en: 'The plugin could not be installed: {reason}',
    },
  },
  PLUGIN_HOOK_TAKEN: {
    status: 400,
    texts: {
      'zh-cn': '已存在相同hook({hook})的插件「{names}」，继续安装将停用它',
      'zh-tw': '已存在相同hook({hook})的插件「{names}」，繼續安裝將停用它',
      en: 'Another plugin ({names}) already uses the hook {hook}; installing this one disables it',
    },
  },
  PLUGIN_EXISTS: {
    status: 400,
    texts: {
      'zh-cn': '插件已存在，继续安装将覆盖',
      'zh-tw': '插件已存在，繼續安裝將覆蓋',
      en: 'The plugin is already installed; installing again replaces it',
    },
  },
});
