import { defineErrors } from './define.js';

/** The base module: users, roles, menus, departments, the person centre, preferences, the log, file references. */
export const BASE = defineErrors({
  USER_NAME_TAKEN: {
    status: 409,
    texts: { 'zh-cn': '用户名已经存在~', 'zh-tw': '用戶名已經存在~', en: 'The username already exists' },
  },
  USER_DISABLE_SELF: {
    status: 400,
    code: 1001,
    texts: { 'zh-cn': '不能禁用自己', 'zh-tw': '不能停用自己', en: 'You cannot disable yourself' },
  },
  USER_DELETE_SELF: {
    status: 400,
    code: 1001,
    texts: { 'zh-cn': '不能删除自己', 'zh-tw': '不能刪除自己', en: 'You cannot delete yourself' },
  },
  USER_SUPER_ONLY: {
    status: 400,
    code: 1001,
    texts: {
      'zh-cn': '不允许：超级管理员只能由超级管理员修改',
      'zh-tw': '不允許：超級管理員只能由超級管理員修改',
      en: 'Not allowed: a super admin can only be changed by a super admin',
    },
  },
  USER_NOT_FOUND: {
    status: 404,
    texts: { 'zh-cn': '用户不存在', 'zh-tw': '用戶不存在', en: 'The user does not exist' },
  },
  ROLE_SUPER_LABEL: {
    status: 400,
    code: 1001,
    texts: {
      'zh-cn': '超级管理员角色的标识不能修改',
      'zh-tw': '超級管理員角色的標識不能修改',
      en: 'The super-admin role keeps its label',
    },
  },
  ROLE_SUPER_DELETE: {
    status: 400,
    code: 1001,
    texts: {
      'zh-cn': '超级管理员角色不能删除',
      'zh-tw': '超級管理員角色不能刪除',
      en: 'The super-admin role cannot be deleted',
    },
  },
  MENU_LIST: {
    status: 400,
    texts: { 'zh-cn': '必须是菜单列表', 'zh-tw': '必須是選單清單', en: 'must be a list of menus' },
  },
  MENU_OBJECT: {
    status: 400,
    texts: { 'zh-cn': '必须是菜单对象', 'zh-tw': '必須是選單物件', en: 'must be a menu object' },
  },
  MENU_PAGE_ROUTE: {
    status: 400,
    texts: {
      'zh-cn': '页面需要路由（以“/”开头）',
      'zh-tw': '頁面需要路由（以「/」開頭）',
      en: 'a page needs a route (starting with "/")',
    },
  },
  MENU_PARENT_KIND: {
    status: 400,
    texts: {
      'zh-cn': '上级只能是目录或页面',
      'zh-tw': '上級只能是目錄或頁面',
      en: 'the parent must be a directory or a page',
    },
  },
  MENU_PERMS_NEEDED: {
    status: 400,
    texts: {
      'zh-cn': '权限行至少需要一个权限',
      'zh-tw': '權限列至少需要一個權限',
      en: 'needs at least one permission',
    },
  },
  DEPARTMENT_USERS_NOWHERE: {
    status: 400,
    texts: {
      'zh-cn': '部门 {id} 的用户在您的范围内没有可移入的部门；请先移走他们，或与部门一起删除',
      'zh-tw': '部門 {id} 的用戶在您的範圍內沒有可移入的部門；請先移走他們，或與部門一起刪除',
      en: 'the users of department {id} have no department in your scope to move to; move them first, or delete them with the department',
    },
  },
  DEPARTMENT_ORDER_LIST: {
    status: 400,
    texts: {
      'zh-cn': '必须是由 id、parentId、orderNum 组成的对象列表',
      'zh-tw': '必須是由 id、parentId、orderNum 組成的物件清單',
      en: 'must be a list of objects with id, parentId and orderNum',
    },
  },
  DEPARTMENT_OWN_PARENT: {
    status: 400,
    texts: {
      'zh-cn': '部门 {id} 不能是自己的上级',
      'zh-tw': '部門 {id} 不能是自己的上級',
      en: 'department {id} cannot be its own parent',
    },
  },
  LOG_KEEP_DAYS: {
    status: 400,
    texts: {
      'zh-cn': '保留天数必须是 1 到 3650 之间的整数',
      'zh-tw': '保留天數必須是 1 到 3650 之間的整數',
      en: 'days to keep must be a whole number from 1 to 3650',
    },
  },
  FILE_REFERENCE_IDS: {
    status: 400,
    texts: { 'zh-cn': '请给出 1 到 100 个文件 id', 'zh-tw': '請給出 1 到 100 個檔案 id', en: 'give 1 to 100 file ids' },
  },
  PREF_KEY: {
    status: 400,
    texts: {
      'zh-cn': '1–200 个字母、数字或 _ . / : -',
      'zh-tw': '1–200 個字母、數字或 _ . / : -',
      en: '1–200 letters, digits or _ . / : -',
    },
  },
  PREF_VALUE_TOO_LARGE: {
    status: 413,
    texts: {
      'zh-cn': '偏好设置的值过大：每项最多 {limit}',
      'zh-tw': '偏好設定的值過大：每項最多 {limit}',
      en: 'value: a preference is at most {limit}',
    },
  },
  PREF_TOO_MANY: {
    status: 413,
    texts: {
      'zh-cn': '偏好设置过多：每个用户最多 {max} 项',
      'zh-tw': '偏好設定過多：每個用戶最多 {max} 項',
      en: 'Too many preferences: at most {max} keys per user',
    },
  },
  PREF_TOTAL_TOO_LARGE: {
    status: 413,
    texts: {
      'zh-cn': '偏好设置总量过大：每个用户最多 {limit}',
      'zh-tw': '偏好設定總量過大：每個用戶最多 {limit}',
      en: 'Preferences too large: at most {limit} in all per user',
    },
  },
});
