import { defineErrors } from './define.js';

/** `comm/upload`: zh-cn keeps the original's `上传文件为空` and `上传失败: …` (PROTOCOL §7.6). */
export const UPLOAD = defineErrors({
  UPLOAD_EMPTY: {
    status: 400,
    code: 1001,
    texts: { 'zh-cn': '上传文件为空', 'zh-tw': '上傳檔案為空', en: 'The upload is empty' },
  },
  UPLOAD_FILE_TOO_LARGE: {
    status: 413,
    texts: {
      'zh-cn': '上传失败: 单个文件最多 {limit}',
      'zh-tw': '上傳失敗: 單個檔案最多 {limit}',
      en: 'Upload failed: a file is larger than {limit}',
    },
  },
  UPLOAD_TOO_MANY_FILES: {
    status: 413,
    texts: {
      'zh-cn': '上传失败: 每次最多上传 {max} 个文件',
      'zh-tw': '上傳失敗: 每次最多上傳 {max} 個檔案',
      en: 'Upload failed: at most {max} files per upload',
    },
  },
  UPLOAD_TOO_MANY_FIELDS: {
    status: 413,
    texts: {
      'zh-cn': '上传失败: 表单字段过多',
      'zh-tw': '上傳失敗: 表單欄位過多',
      en: 'Upload failed: too many form fields',
    },
  },
  UPLOAD_CUT_SHORT: {
    status: 400,
    code: 1001,
    texts: {
      'zh-cn': '上传失败: 上传被中断',
      'zh-tw': '上傳失敗: 上傳被中斷',
      en: 'Upload failed: the upload was cut short',
    },
  },
  UPLOAD_UNREADABLE: {
    status: 400,
    code: 1001,
    texts: {
      'zh-cn': '上传失败: 无法读取上传内容',
      'zh-tw': '上傳失敗: 無法讀取上傳內容',
      en: 'Upload failed: the upload could not be read',
    },
  },
  UPLOAD_CLASSIFY_ID: {
    status: 400,
    texts: { 'zh-cn': '必须是正整数', 'zh-tw': '必須是正整數', en: 'must be a positive integer' },
  },
  UPLOAD_NO_FOLDER: {
    status: 400,
    texts: { 'zh-cn': '文件夹不存在', 'zh-tw': '資料夾不存在', en: 'no such folder' },
  },
  UPLOAD_TYPE_REFUSED: {
    status: 415,
    texts: {
      'zh-cn': '上传失败: 不接受 {ext} 类型的文件',
      'zh-tw': '上傳失敗: 不接受 {ext} 類型的檔案',
      en: 'Upload failed: files of type {ext} are not accepted',
    },
  },
  UPLOAD_NO_EXTENSION: {
    status: 415,
    texts: {
      'zh-cn': '上传失败: 不接受没有扩展名的文件',
      'zh-tw': '上傳失敗: 不接受沒有副檔名的檔案',
      en: 'Upload failed: files without extension are not accepted',
    },
  },
  UPLOAD_CONTENT_MISMATCH: {
    status: 415,
    texts: {
      'zh-cn': '上传失败: {name} 的内容不是 .{ext} 文件',
      'zh-tw': '上傳失敗: {name} 的內容不是 .{ext} 檔案',
      en: 'Upload failed: the content of {name} is not a .{ext} file',
    },
  },
  UPLOAD_PICTURE_UNREADABLE: {
    status: 415,
    texts: {
      'zh-cn': '上传失败: {name} 不是可以读取的图片',
      'zh-tw': '上傳失敗: {name} 不是可以讀取的圖片',
      en: 'Upload failed: {name} is not a picture that can be read',
    },
  },
  UPLOAD_TOO_MANY_PIXELS: {
    status: 413,
    texts: {
      'zh-cn': '上传失败: 图片 {name} 为 {size} 像素，超过上限 {max} 像素（{mp}），请缩小后再上传',
      'zh-tw': '上傳失敗: 圖片 {name} 為 {size} 像素，超過上限 {max} 像素（{mp}），請縮小後再上傳',
      en: 'Upload failed: the picture {name} is {size} pixels, more than the limit of {max} pixels ({mp}); scale it down and upload it again',
    },
  },
  UPLOAD_QUOTA: {
    status: 413,
    texts: {
      'zh-cn': '上传失败: 每个用户每天最多上传 {limit}，今天已上传 {used}',
      'zh-tw': '上傳失敗: 每個用戶每天最多上傳 {limit}，今天已上傳 {used}',
      en: 'Upload failed: each user may upload at most {limit} a day; {used} uploaded today',
    },
  },
  UPLOAD_QUOTA_ADDING: {
    status: 413,
    texts: {
      'zh-cn': '上传失败: 每个用户每天最多上传 {limit}，今天已上传 {used}，本次 {adding}',
      'zh-tw': '上傳失敗: 每個用戶每天最多上傳 {limit}，今天已上傳 {used}，本次 {adding}',
      en: 'Upload failed: each user may upload at most {limit} a day; {used} uploaded today, {adding} in this upload',
    },
  },
});
