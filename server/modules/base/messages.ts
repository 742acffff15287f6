import type { Texts } from '../../core/errors.js';

/**
 * Messages of the base module in the console's languages: zh-cn is the original's text where PROTOCOL quotes one
 * (§3.2, §7.3); en and zh-tw say the same as the runtime's own translations of it.
 */
export const BASE_MESSAGES = {
  usernameRequired: { 'zh-cn': '用户名不能为空', 'zh-tw': '用戶名不能為空', en: 'Username cannot be empty' },
  passwordRequired: { 'zh-cn': '密码不能为空', 'zh-tw': '密碼不能為空', en: 'Password cannot be empty' },
  verifyCodeRequired: {
    'zh-cn': '图片验证码不能为空',
    'zh-tw': '圖片驗證碼不能為空',
    en: 'Image verification code cannot be empty',
  },
  captchaWrong: { 'zh-cn': '验证码不正确', 'zh-tw': '驗證碼不正確', en: 'Incorrect verification code' },
  captchaNeeded: {
    'zh-cn': '该账户登录失败次数过多，请输入图片验证码',
    'zh-tw': '該帳戶登入失敗次數過多，請輸入圖片驗證碼',
    en: 'Too many failed logins for this account: enter the image verification code',
  },
  loginWrong: { 'zh-cn': '账户或密码不正确~', 'zh-tw': '帳戶或密碼不正確', en: 'Incorrect username or password' },
  accountDisabled: {
    'zh-cn': '该账户已被禁用，请联系管理员~',
    'zh-tw': '該帳戶已被停用，請聯繫管理員',
    en: 'This account is disabled; ask an administrator to enable it',
  },
  noRole: {
    'zh-cn': '该用户未设置任何角色，无法登录~',
    'zh-tw': '該用戶未設定任何角色，無法登入',
    en: 'This user has no role and cannot log in',
  },
  usernameTaken: { 'zh-cn': '用户名已经存在~', 'zh-tw': '用戶名已經存在~', en: 'The username already exists' },
  disableSelf: { 'zh-cn': '不能禁用自己', 'zh-tw': '不能禁用自己', en: 'You cannot disable yourself' },
  deleteSelf: { 'zh-cn': '不能删除自己', 'zh-tw': '不能刪除自己', en: 'You cannot delete yourself' },
  superRoleLabel: {
    'zh-cn': '超级管理员角色的标识不能修改',
    'zh-tw': '超級管理員角色的標識不能修改',
    en: 'The super-admin role keeps its label',
  },
  superRoleDelete: {
    'zh-cn': '超级管理员角色不能删除',
    'zh-tw': '超級管理員角色不能刪除',
    en: 'The super-admin role cannot be deleted',
  },
} satisfies Record<string, Texts>;
