import { defineErrors } from './define.js';

/** The shop modules: orders, audits, bundles, the dashboard, dictionaries (product SKUs: sku.ts). */
export const SHOP = defineErrors({
  ORDER_STATE: {
    status: 409,
    texts: {
      'zh-cn': '订单 {orderNo} 为{state}；{action} 需要{needs}',
      'zh-tw': '訂單 {orderNo} 為{state}；{action} 需要{needs}',
      en: 'Order {orderNo} is {state}; {action} needs {needs}',
    },
  },
  ORDER_ITEMS: {
    status: 400,
    texts: {
      'zh-cn': '必须是非空的 {goodId, quantity, specs?, skuCode?} 列表',
      'zh-tw': '必須是非空的 {goodId, quantity, specs?, skuCode?} 清單',
      en: 'must be a non-empty array of {goodId, quantity, specs?, skuCode?}',
    },
  },
  ORDER_SPECS: {
    status: 400,
    texts: {
      'zh-cn': '必须是“规格名 → 值”的对象',
      'zh-tw': '必須是「規格名 → 值」的物件',
      en: 'must be an object of spec name → value',
    },
  },
  ORDER_NO_PRODUCT: {
    status: 400,
    texts: { 'zh-cn': '商品 {id} 不存在', 'zh-tw': '商品 {id} 不存在', en: 'no product with id {id}' },
  },
  ORDER_NO_SKU: {
    status: 400,
    texts: {
      'zh-cn': '不是商品 {id} 的 SKU（请给出其 {count} 个 SKU 之一的 specs 或 skuCode）',
      'zh-tw': '不是商品 {id} 的 SKU（請給出其 {count} 個 SKU 之一的 specs 或 skuCode）',
      en: 'names no SKU of product {id} (give specs or skuCode of one of its {count} SKUs)',
    },
  },
  ORDER_PRODUCT_NO_SKUS: {
    status: 400,
    texts: { 'zh-cn': '商品 {id} 没有 SKU', 'zh-tw': '商品 {id} 沒有 SKU', en: 'product {id} has no SKUs' },
  },
  ORDER_TOTAL_TOO_LARGE: {
    status: 400,
    texts: {
      'zh-cn': '订单总额 {total} 分超过 {max} 分',
      'zh-tw': '訂單總額 {total} 分超過 {max} 分',
      en: 'the order total {total} exceeds {max} cents',
    },
  },
  ORDER_ADDRESS_NOT_MEMBER: {
    status: 400,
    texts: {
      'zh-cn': '地址 {addressId} 不是该会员（{userId}）的地址',
      'zh-tw': '地址 {addressId} 不是該會員（{userId}）的地址',
      en: 'address {addressId} is not an address of member {userId}',
    },
  },
  BUNDLE_NOT_SELLABLE: {
    status: 400,
    texts: {
      'zh-cn': '上架的套餐只能包含已上架且审核通过的商品：{names} 不是',
      'zh-tw': '上架的套餐只能包含已上架且審核通過的商品：{names} 不是',
      en: 'An on-shelf bundle holds only products that are on shelf and passed review; not: {names}',
    },
  },
  ORDER_AMOUNTS_FIXED: {
    status: 409,
    texts: {
      'zh-cn': '订单 {orderNo} 已是{state}，金额不能再改',
      'zh-tw': '訂單 {orderNo} 已是{state}，金額不能再改',
      en: 'the amounts of order {orderNo} are fixed once it is {state}',
    },
  },
  ORDER_AMOUNT_SUM: {
    status: 409,
    texts: {
      'zh-cn': '订单 {orderNo} 的明细合计 {total} 分，金额必须等于明细之和',
      'zh-tw': '訂單 {orderNo} 的明細合計 {total} 分，金額必須等於明細之和',
      en: 'order {orderNo} has lines worth {total} cents; its amount is their sum',
    },
  },
  AUDIT_SUBJECT_GONE: {
    status: 409,
    texts: {
      'zh-cn': '{what} {id} 已不存在，无法审核此工单（请删除它）',
      'zh-tw': '{what} {id} 已不存在，無法審核此工單（請刪除它）',
      en: '{what} {id} no longer exists; the ticket cannot be decided (delete it instead)',
    },
  },
  AUDIT_PRODUCT: { status: 409, texts: { 'zh-cn': '商品', 'zh-tw': '商品', en: 'product' } },
  AUDIT_ORDER: { status: 409, texts: { 'zh-cn': '订单', 'zh-tw': '訂單', en: 'order' } },
  AUDIT_NO_SUBJECT: {
    status: 404,
    texts: { 'zh-cn': '{what} {id} 不存在', 'zh-tw': '{what} {id} 不存在', en: 'no {what} with id {id}' },
  },
  AUDIT_NOT_SUBMITTABLE: {
    status: 409,
    texts: {
      'zh-cn': '{what} {id} 当前为「{state}」（auditStatus {status}），只有待提交或已驳回的才能提交审核',
      'zh-tw': '{what} {id} 目前為「{state}」（auditStatus {status}），只有待提交或已駁回的才能提交審核',
      en: '{what} {id} is {state} (auditStatus {status}); only one to submit or rejected can be submitted for review',
    },
  },
  AUDIT_NOT_YOUR_TICKET: {
    status: 400,
    code: 1001,
    texts: {
      'zh-cn': '不允许：{prefix} 的审核单 {id} 按审核流程由其他审核人处理',
      'zh-tw': '不允許：{prefix} 的審核單 {id} 依審核流程由其他審核人處理',
      en: 'Not allowed: ticket {id} of {prefix} is routed by its audit flow to other reviewers',
    },
  },
  AUDIT_LEVEL_GONE: {
    status: 409,
    texts: {
      'zh-cn': '会员等级 {id} 已不存在，工单无法通过',
      'zh-tw': '會員等級 {id} 已不存在，工單無法通過',
      en: 'member level {id} no longer exists; the ticket cannot be passed',
    },
  },
  AUDIT_MEMBER_GONE: {
    status: 409,
    texts: {
      'zh-cn': '会员 {id} 已不存在，工单无法通过',
      'zh-tw': '會員 {id} 已不存在，工單無法通過',
      en: 'member {id} no longer exists; the ticket cannot be passed',
    },
  },
  AUDIT_DECIDED: {
    status: 409,
    texts: {
      'zh-cn': '{prefix} 的工单 {id} 已审核：{state}',
      'zh-tw': '{prefix} 的工單 {id} 已審核：{state}',
      en: 'Ticket {id} of {prefix} is already decided: {state}',
    },
  },
  AUDIT_DECIDED_FROZEN: {
    status: 409,
    texts: {
      'zh-cn': '工单 {id} 已审核（{state}），不能再修改',
      'zh-tw': '工單 {id} 已審核（{state}），不能再修改',
      en: 'ticket {id} is already decided ({state}); it can no longer be edited',
    },
  },
  AUDIT_WITHDRAW_DECIDED: {
    status: 409,
    texts: {
      'zh-cn': '工单 {id} 已审核：{state}；只有待审核的工单可以撤回',
      'zh-tw': '工單 {id} 已審核：{state}；只有待審核的工單可以撤回',
      en: 'Ticket {id} of audit/good is already decided: {state}; only a pending ticket can be withdrawn',
    },
  },
  AUDIT_ORDER_FIXED: {
    status: 409,
    texts: {
      'zh-cn': '工单属于它的订单，不能改；请删除后重新添加',
      'zh-tw': '工單屬於它的訂單，不能改；請刪除後重新新增',
      en: 'a ticket stays with its order; delete it and add a new one',
    },
  },
  AUDIT_STATUS_VALUE: {
    status: 400,
    texts: {
      'zh-cn': '必须是 1（通过）或 2（驳回）',
      'zh-tw': '必須是 1（通過）或 2（駁回）',
      en: 'must be 1 (pass) or 2 (reject)',
    },
  },
  AUDIT_REJECT_REASON: {
    status: 400,
    texts: { 'zh-cn': '驳回需要填写理由', 'zh-tw': '駁回需要填寫理由', en: 'a rejection needs a reason' },
  },
  STATUS_NAME: {
    status: 409,
    texts: {
      'zh-cn': '{name}（status {status}）',
      'zh-tw': '{name}（status {status}）',
      en: '{name} (status {status})',
    },
  },
  DICT_TYPES: {
    status: 400,
    texts: { 'zh-cn': '必须是字典键的列表', 'zh-tw': '必須是字典鍵的清單', en: 'must be a list of dictionary keys' },
  },
  VISITOR_ID: {
    status: 400,
    texts: {
      'zh-cn': '必须是 8 到 64 个字母、数字、- 或 _',
      'zh-tw': '必須是 8 到 64 個字母、數字、- 或 _',
      en: 'must be 8 to 64 letters, digits, - or _',
    },
  },
  VISITS_TOO_MANY: {
    status: 429,
    texts: {
      'zh-cn': '访问上报过于频繁，请稍后再试',
      'zh-tw': '訪問上報過於頻繁，請稍後再試',
      en: 'Too many visits from this address, try again later',
    },
  },
});
