import { defineErrors } from './define.js';

/** Tasks: their fields, schedule and handler, and the actions start/stop/once. */
export const TASK = defineErrors({
  TASK_STATE: {
    status: 409,
    texts: {
      'zh-cn': '任务“{name}”为{state}；{action} 需要{needs}',
      'zh-tw': '任務「{name}」為{state}；{action} 需要{needs}',
      en: 'Task {name} is {state}; {action} needs {needs}',
    },
  },
  TASK_HANDLER_UNKNOWN: {
    status: 400,
    texts: {
      'zh-cn': '不是已注册的任务处理器（可选：{names}）',
      'zh-tw': '不是已註冊的任務處理器（可選：{names}）',
      en: 'is not a registered task handler (one of: {names})',
    },
  },
  TASK_CRON_INVALID: {
    status: 400,
    texts: {
      'zh-cn': '不是有效的 cron 表达式（6 段：秒 分 时 日 月 星期，如 0 */5 * * * *）',
      'zh-tw': '不是有效的 cron 表示式（6 段：秒 分 時 日 月 星期，如 0 */5 * * * *）',
      en: 'is not a cron (6 fields: seconds minutes hours day month weekday, e.g. 0 */5 * * * *)',
    },
  },
  TASK_END_BEFORE_START: {
    status: 400,
    texts: { 'zh-cn': '早于开始时间', 'zh-tw': '早於開始時間', en: 'is before startDate' },
  },
  TASK_SERVICE_REQUIRED: {
    status: 400,
    texts: {
      'zh-cn': '运行任务时不能为空（可选：{names}）',
      'zh-tw': '執行任務時不能為空（可選：{names}）',
      en: 'is required to run the task (one of: {names})',
    },
  },
  TASK_EVERY_REQUIRED: {
    status: 400,
    texts: {
      'zh-cn': '间隔任务不能为空（毫秒）',
      'zh-tw': '間隔任務不能為空（毫秒）',
      en: 'is required for an interval task (milliseconds)',
    },
  },
  TASK_CRON_REQUIRED: {
    status: 400,
    texts: { 'zh-cn': 'cron 任务不能为空', 'zh-tw': 'cron 任務不能為空', en: 'is required for a cron task' },
  },
  TASK_NO_RUN_LEFT: {
    status: 400,
    texts: {
      'zh-cn': '已过期：计划中没有剩余的运行',
      'zh-tw': '已過期：排程中沒有剩餘的執行',
      en: 'has passed: the schedule has no run left',
    },
  },
  TASK_HANDLER_PERMISSION: {
    status: 400,
    texts: {
      'zh-cn': '{name} 需要权限 {permission}',
      'zh-tw': '{name} 需要權限 {permission}',
      en: '{name} needs the permission {permission}',
    },
  },
  TASK_HANDLER_WHOLE_SCOPE: {
    status: 400,
    texts: {
      'zh-cn': '{name} 作用于所有部门的数据，需要全部数据范围（超级管理员）',
      'zh-tw': '{name} 作用於所有部門的資料，需要全部資料範圍（超級管理員）',
      en: "{name} acts on every department's data, so it needs a whole data scope (a super admin)",
    },
  },
});
