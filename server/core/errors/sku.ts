import { defineErrors } from './define.js';

/**
 * Spec groups and SKUs (server/core/crud/sku-check.ts): a refusal names the SKU by its values (`SKU_NAMED`, "SKU
 * 红色/大：请填写价格"), its message the first cell's, its details every cell's.
 */
export const SKU = defineErrors({
  /** The refusal: the first cell's sentence (a SKU_NAMED text or a group's problem). */
  SKU_CELL: { status: 400, texts: { 'zh-cn': '{reason}', 'zh-tw': '{reason}', en: '{reason}' } },
  SKU_NAMED: {
    status: 400,
    texts: { 'zh-cn': 'SKU {sku}：{problem}', 'zh-tw': 'SKU {sku}：{problem}', en: 'SKU {sku}: {problem}' },
  },
  SKU_PRICE_REQUIRED: {
    status: 400,
    texts: { 'zh-cn': '请填写价格', 'zh-tw': '請填寫價格', en: 'price is required' },
  },
  SKU_PRICE_AMOUNT: {
    status: 400,
    texts: {
      'zh-cn': '价格须是 0 到 {max} 之间、至多两位小数的金额',
      'zh-tw': '價格須是 0 到 {max} 之間、至多兩位小數的金額',
      en: 'price must be an amount from ¥0.00 to {max} with at most 2 decimals',
    },
  },
  SKU_STOCK_REQUIRED: {
    status: 400,
    texts: { 'zh-cn': '请填写库存', 'zh-tw': '請填寫庫存', en: 'stock is required' },
  },
  SKU_STOCK_WHOLE: {
    status: 400,
    texts: {
      'zh-cn': '库存须是不小于 0 的整数',
      'zh-tw': '庫存須是不小於 0 的整數',
      en: 'stock must be a whole number from 0',
    },
  },
  SKU_SPEC_REPEATED: {
    status: 400,
    texts: { 'zh-cn': '规格「{name}」重复了', 'zh-tw': '規格「{name}」重複了', en: 'the spec "{name}" is there twice' },
  },
  SKU_NEEDS_SPECS: {
    status: 400,
    texts: {
      'zh-cn': 'SKU 需要先有规格（规格名和规格值）',
      'zh-tw': 'SKU 需要先有規格（規格名和規格值）',
      en: 'SKUs need specs (names and values) first',
    },
  },
  SKU_NO_SUCH_SPEC: {
    status: 400,
    texts: {
      'zh-cn': '没有名为「{key}」的规格',
      'zh-tw': '沒有名為「{key}」的規格',
      en: 'there is no spec called "{key}"',
    },
  },
  SKU_NOT_A_VALUE: {
    status: 400,
    texts: {
      'zh-cn': '「{value}」不是规格「{key}」的值',
      'zh-tw': '「{value}」不是規格「{key}」的值',
      en: '"{value}" is not a value of the spec "{key}"',
    },
  },
  SKU_VALUE_MISSING: {
    status: 400,
    texts: {
      'zh-cn': '缺少规格「{group}」的值',
      'zh-tw': '缺少規格「{group}」的值',
      en: 'it names no value of the spec "{group}"',
    },
  },
  SKU_COMBO_REPEATED: {
    status: 400,
    texts: {
      'zh-cn': '与第 {n} 个 SKU 的规格组合相同',
      'zh-tw': '與第 {n} 個 SKU 的規格組合相同',
      en: 'the same combination as SKU {n}',
    },
  },
  SKU_CODE_REPEATED: {
    status: 400,
    texts: {
      'zh-cn': '编码「{code}」与 SKU {other} 重复',
      'zh-tw': '編碼「{code}」與 SKU {other} 重複',
      en: 'the code "{code}" is already used by SKU {other}',
    },
  },
});
