import { defineErrors } from './define.js';

/**
 * Login, throttles and the delegation rule. zh-cn is the original's text where PROTOCOL quotes one (§3.2, §7.3);
 * en and zh-tw say the same as the runtime's own translations of it.
 */
export const AUTH = defineErrors({
  LOGIN_USERNAME_REQUIRED: {
    status: 400,
    texts: { 'zh-cn': '用户名不能为空', 'zh-tw': '用戶名不能為空', en: 'Username cannot be empty' },
  },
  LOGIN_PASSWORD_REQUIRED: {
    status: 400,
    texts: { 'zh-cn': '密码不能为空', 'zh-tw': '密碼不能為空', en: 'Password cannot be empty' },
  },
  LOGIN_CAPTCHA_REQUIRED: {
    status: 400,
    texts: {
      'zh-cn': '图片验证码不能为空',
      'zh-tw': '圖片驗證碼不能為空',
      en: 'Image verification code cannot be empty',
    },
  },
  LOGIN_FIELD_TOO_LONG: {
    status: 400,
    texts: {
      'zh-cn': '{name}：最多 {max} 个字符',
      'zh-tw': '{name}：最多 {max} 個字元',
      en: '{name}: at most {max} characters',
    },
  },
  CAPTCHA_WRONG: {
    status: 400,
    code: 1001,
    texts: { 'zh-cn': '验证码不正确', 'zh-tw': '驗證碼不正確', en: 'Incorrect verification code' },
  },
  CAPTCHA_NEEDED: {
    status: 400,
    texts: {
      'zh-cn': '该账户登录失败次数过多，请输入图片验证码',
      'zh-tw': '該帳戶登入失敗次數過多，請輸入圖片驗證碼',
      en: 'Too many failed logins for this account: enter the image verification code',
    },
  },
  LOGIN_WRONG: {
    status: 400,
    code: 1001,
    texts: { 'zh-cn': '账户或密码不正确~', 'zh-tw': '帳戶或密碼不正確', en: 'Incorrect username or password' },
  },
  ACCOUNT_DISABLED: {
    status: 400,
    code: 1001,
    texts: {
      'zh-cn': '该账户已被禁用，请联系管理员~',
      'zh-tw': '該帳戶已被停用，請聯繫管理員',
      en: 'This account is disabled; ask an administrator to enable it',
    },
  },
  ACCOUNT_NO_ROLE: {
    status: 400,
    code: 1001,
    texts: {
      'zh-cn': '该用户未设置任何角色，无法登录~',
      'zh-tw': '該用戶未設定任何角色，無法登入',
      en: 'This user has no role and cannot log in',
    },
  },
  LOGIN_TOO_SOON: {
    status: 429,
    texts: {
      'zh-cn': '登录失败次数过多，请 {seconds} 秒后再试',
      'zh-tw': '登入失敗次數過多，請 {seconds} 秒後再試',
      en: 'Too many failed logins from here, try again in {seconds} s',
    },
  },
  CAPTCHA_TOO_MANY: {
    status: 429,
    texts: {
      'zh-cn': '验证码请求过于频繁，请稍后再试',
      'zh-tw': '驗證碼請求過於頻繁，請稍後再試',
      en: 'Too many captchas, try again later',
    },
  },
  OLD_PASSWORD_REQUIRED: {
    status: 400,
    texts: { 'zh-cn': '需要填写原密码', 'zh-tw': '需要填寫原密碼', en: 'the original password is required' },
  },
  OLD_PASSWORD_WRONG: {
    status: 400,
    code: 1001,
    texts: { 'zh-cn': '原密码错误', 'zh-tw': '原密碼錯誤', en: 'The original password is wrong' },
  },
  NOT_ALLOWED: {
    status: 400,
    code: 1001,
    texts: { 'zh-cn': '不允许：{why}', 'zh-tw': '不允許：{why}', en: 'Not allowed: {why}' },
  },
  REACH_USER_OUTSIDE: {
    status: 400,
    texts: {
      'zh-cn': '用户 {id} 不在您的部门范围内',
      'zh-tw': '用戶 {id} 不在您的部門範圍內',
      en: 'user {id} is not one you can see (outside your department scope)',
    },
  },
  REACH_USER_HOLDS: {
    status: 400,
    texts: {
      'zh-cn': '用户“{name}”拥有您没有的{what}',
      'zh-tw': '用戶「{name}」擁有您沒有的{what}',
      en: 'user "{name}" holds {what} that you do not hold',
    },
  },
  REACH_ROLE_SUPER: {
    status: 400,
    texts: {
      'zh-cn': '角色 {id} 是超级管理员角色',
      'zh-tw': '角色 {id} 是超級管理員角色',
      en: 'role {id} is the super-admin role',
    },
  },
  REACH_ROLE_NOT_YOURS: {
    status: 400,
    texts: {
      'zh-cn': '角色 {id} 既不是您创建的，也不是您拥有的',
      'zh-tw': '角色 {id} 既不是您建立的，也不是您擁有的',
      en: 'role {id} was neither created nor is held by you',
    },
  },
  REACH_ROLE_GRANTS: {
    status: 400,
    texts: {
      'zh-cn': '角色“{name}”授予了您没有的{what}',
      'zh-tw': '角色「{name}」授予了您沒有的{what}',
      en: 'role "{name}" grants {what} that you do not hold',
    },
  },
  REACH_ROLE_WOULD_GAIN: {
    status: 400,
    texts: {
      'zh-cn': '角色“{name}”将获得您没有的{what}',
      'zh-tw': '角色「{name}」將獲得您沒有的{what}',
      en: 'role "{name}" would gain {what}, which you do not hold',
    },
  },
  REACH_YOU_WOULD_GAIN: {
    status: 400,
    texts: { 'zh-cn': '您将获得{what}', 'zh-tw': '您將獲得{what}', en: 'you would gain {what}' },
  },
  REACH_ROLE_MISSING: {
    status: 400,
    texts: { 'zh-cn': '角色 {id} 不存在', 'zh-tw': '角色 {id} 不存在', en: 'role {id} does not exist' },
  },
  REACH_SUPER_ROLE_GRANT: {
    status: 400,
    texts: {
      'zh-cn': '只有超级管理员可以授予超级管理员角色',
      'zh-tw': '只有超級管理員可以授予超級管理員角色',
      en: 'only a super admin grants the super-admin role',
    },
  },
  REACH_MENU_NOT_YOURS: {
    status: 400,
    texts: {
      'zh-cn': '菜单 {id} 不是您的菜单',
      'zh-tw': '選單 {id} 不是您的選單',
      en: 'menu {id} is not one of your menus',
    },
  },
  REACH_MENU_PERMISSION: {
    status: 400,
    texts: {
      'zh-cn': '菜单 {id} 带有您没有的权限“{perm}”',
      'zh-tw': '選單 {id} 帶有您沒有的權限「{perm}」',
      en: 'menu {id} carries the permission "{perm}" that you do not hold',
    },
  },
  REACH_DEPARTMENT_OUTSIDE: {
    status: 400,
    texts: {
      'zh-cn': '部门 {id} 不在您的部门范围内',
      'zh-tw': '部門 {id} 不在您的部門範圍內',
      en: 'department {id} is outside your department scope',
    },
  },
  REACH_TOP_DEPARTMENT: {
    status: 400,
    texts: {
      'zh-cn': '只有超级管理员可以创建顶级部门',
      'zh-tw': '只有超級管理員可以建立頂級部門',
      en: 'only a super admin creates top-level departments',
    },
  },
  REACH_PERMISSION_NOT_HELD: {
    status: 400,
    texts: {
      'zh-cn': '“{perm}”不是您拥有的权限',
      'zh-tw': '「{perm}」不是您擁有的權限',
      en: '"{perm}" is not a permission you hold',
    },
  },
  EXCESS_PERMISSION: {
    status: 400,
    texts: { 'zh-cn': '权限“{value}”', 'zh-tw': '權限「{value}」', en: 'the permission "{value}"' },
  },
  EXCESS_MENU: { status: 400, texts: { 'zh-cn': '菜单 {value}', 'zh-tw': '選單 {value}', en: 'menu {value}' } },
  EXCESS_DEPARTMENT: {
    status: 400,
    texts: { 'zh-cn': '部门 {value}', 'zh-tw': '部門 {value}', en: 'department {value}' },
  },
});

/** Further reasons of the delegation rule (server/core/auth/delegation.ts). */
export const DELEGATION = defineErrors({
  REACH_OWN_ACCOUNT: {
    status: 400,
    texts: { 'zh-cn': '不能删除自己的账户', 'zh-tw': '不能刪除自己的帳戶', en: 'you cannot delete your own account' },
  },
  REACH_USER_PLACED_OUTSIDE: {
    status: 400,
    texts: {
      'zh-cn': '用户“{name}”将被放到您的部门范围之外',
      'zh-tw': '用戶「{name}」將被放到您的部門範圍之外',
      en: 'user "{name}" would be placed outside your department scope',
    },
  },
  REACH_ROLE_NOT_ASSIGNABLE: {
    status: 400,
    texts: {
      'zh-cn': '角色 {id} 不是您可以分配的（{why}）',
      'zh-tw': '角色 {id} 不是您可以分配的（{why}）',
      en: 'role {id} is not one you may assign ({why})',
    },
  },
  REACH_ORPHAN_LINKS: {
    status: 400,
    texts: {
      'zh-cn': '不存在的用户的角色关联',
      'zh-tw': '不存在的用戶的角色關聯',
      en: 'role links of a user that does not exist',
    },
  },
  REACH_SUPER_ROLE_CREATE: {
    status: 400,
    texts: {
      'zh-cn': '只有超级管理员可以创建超级管理员角色',
      'zh-tw': '只有超級管理員可以建立超級管理員角色',
      en: 'only a super admin creates a super-admin role',
    },
  },
});
