import type { Texts } from '../../../core/errors.js';

/** The messages of applying and evolving an entity (AI code), in the console's three languages. */
export const EVOLVE_TEXTS = {
  superOnly: {
    'zh-cn': '只有超级管理员可以应用实体（持有 base:coding:* 权限者可以草拟和预览）',
    'zh-tw': '只有超級管理員可以套用實體（持有 base:coding:* 權限者可以草擬和預覽）',
    en: 'Only a super admin may apply an entity (holders of base:coding:* may draft and preview)',
  },
  sameName: (prefix: string): Texts => ({
    'zh-cn': `已有用 AI 编码创建的实体 "${prefix}"：选择演进该实体，或换一个名称`,
    'zh-tw': `已有以 AI 編碼建立的實體「${prefix}」：選擇演進該實體，或換一個名稱`,
    en: `An entity made here already has the prefix "${prefix}": choose to evolve it, or another name`,
  }),
  needsChoice: (count: number): Texts => ({
    'zh-cn': `变更计划中有 ${count} 项会改动已有数据，需要逐项选择：转换或拒绝`,
    'zh-tw': `變更計畫中有 ${count} 項會改動既有資料，需要逐項選擇：轉換或拒絕`,
    en: `${count} changes of the plan touch existing data and need a choice each: convert or refuse`,
  }),
  refused: (count: number): Texts => ({
    'zh-cn': `变更未应用：${count} 项被拒绝或有不符合新类型的行，数据保持不变`,
    'zh-tw': `變更未套用：${count} 項被拒絕或有不符合新類型的列，資料維持不變`,
    en: `Nothing was changed: ${count} changes were refused or have rows that do not fit the new type`,
  }),
  badRenames: {
    'zh-cn': '字段改名有误：请检查原字段名与新字段名',
    'zh-tw': '欄位更名有誤：請檢查原欄位名稱與新欄位名稱',
    en: 'The renames do not match the fields: check the old and new names',
  },
  badChoices: {
    'zh-cn': 'choices 须为 { 字段名: convert | refuse | yuan | cents }',
    'zh-tw': 'choices 須為 { 欄位名稱: convert | refuse | yuan | cents }',
    en: 'choices must be { field: convert | refuse | yuan | cents }',
  },
  noStored: (prefix: string): Texts => ({
    'zh-cn': `没有在本服务器创建的实体使用前缀 "${prefix}"`,
    'zh-tw': `沒有在本伺服器建立的實體使用前綴「${prefix}」`,
    en: `No entity made on this server has the prefix "${prefix}"`,
  }),
  tableChanged: {
    'zh-cn': '数据库拒绝了这次结构变更，未做任何改动；请检查变更计划后重试',
    'zh-tw': '資料庫拒絕了這次結構變更，未做任何改動；請檢查變更計畫後重試',
    en: 'The database refused this change of the table and nothing was changed; check the change plan and try again',
  },
} as const;
