import { defineErrors } from './define.js';

/** States named inside messages (orders, audit tickets and their subjects, tasks). Not thrown on their own. */
export const WORDS = defineErrors({
  WORD_ORDER_0: { status: 409, texts: { 'zh-cn': '待确认', 'zh-tw': '待確認', en: 'pending confirmation' } },
  WORD_ORDER_1: { status: 409, texts: { 'zh-cn': '待完成', 'zh-tw': '待完成', en: 'pending completion' } },
  WORD_ORDER_2: { status: 409, texts: { 'zh-cn': '已完成', 'zh-tw': '已完成', en: 'completed' } },
  WORD_ORDER_3: { status: 409, texts: { 'zh-cn': '已取消', 'zh-tw': '已取消', en: 'cancelled' } },
  WORD_TICKET_0: { status: 409, texts: { 'zh-cn': '待审核', 'zh-tw': '待審核', en: 'pending review' } },
  WORD_TICKET_1: { status: 409, texts: { 'zh-cn': '通过', 'zh-tw': '通過', en: 'passed' } },
  WORD_TICKET_2: { status: 409, texts: { 'zh-cn': '驳回', 'zh-tw': '駁回', en: 'rejected' } },
  WORD_SUBJECT_0: { status: 409, texts: { 'zh-cn': '待提交', 'zh-tw': '待提交', en: 'to submit' } },
  WORD_SUBJECT_1: { status: 409, texts: { 'zh-cn': '待审核', 'zh-tw': '待審核', en: 'pending review' } },
  WORD_SUBJECT_2: { status: 409, texts: { 'zh-cn': '已通过', 'zh-tw': '已通過', en: 'passed' } },
  WORD_SUBJECT_3: { status: 409, texts: { 'zh-cn': '已驳回', 'zh-tw': '已駁回', en: 'rejected' } },
  WORD_TASK_0: { status: 409, texts: { 'zh-cn': '已停止', 'zh-tw': '已停止', en: 'stopped' } },
  WORD_TASK_1: { status: 409, texts: { 'zh-cn': '运行中', 'zh-tw': '執行中', en: 'running' } },
  /** Between choices written in Latin letters ("yuan 或 cents"). */
  WORD_OR: { status: 409, texts: { 'zh-cn': ' 或 ', 'zh-tw': ' 或 ', en: ' or ' } },
  WORD_UNKNOWN: { status: 409, texts: { 'zh-cn': '未知', 'zh-tw': '未知', en: 'unknown' } },
});
