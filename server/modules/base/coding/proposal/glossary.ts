import { pinyin } from 'pinyin-pro';
import type { Label } from './proposal-types.js';

/**
 * Common back-office column names in Chinese: the field name (and English label) they become, and the traditional
 * form. A header outside the list becomes its pinyin (名牌 → mingPai), so every Chinese header gets an ASCII name.
 */
const TERMS: Record<string, [name: string, zhTw: string, en: string]> = {
  名称: ['name', '名稱', 'Name'],
  姓名: ['name', '姓名', 'Name'],
  标题: ['title', '標題', 'Title'],
  价格: ['price', '價格', 'Price'],
  单价: ['unitPrice', '單價', 'Unit price'],
  售价: ['salePrice', '售價', 'Sale price'],
  金额: ['amount', '金額', 'Amount'],
  总价: ['totalPrice', '總價', 'Total price'],
  费用: ['fee', '費用', 'Fee'],
  成本: ['cost', '成本', 'Cost'],
  库存: ['stock', '庫存', 'Stock'],
  数量: ['quantity', '數量', 'Quantity'],
  手机: ['mobile', '手機', 'Mobile'],
  手机号: ['mobile', '手機號', 'Mobile'],
  电话: ['phone', '電話', 'Phone'],
  邮编: ['zip', '郵編', 'Zip code'],
  邮箱: ['email', '郵箱', 'Email'],
  地址: ['address', '地址', 'Address'],
  状态: ['status', '狀態', 'Status'],
  类型: ['kind', '類型', 'Type'],
  分类: ['category', '分類', 'Category'],
  备注: ['remark', '備註', 'Remark'],
  描述: ['description', '描述', 'Description'],
  日期: ['day', '日期', 'Date'],
  生日: ['birthday', '生日', 'Birthday'],
  图片: ['image', '圖片', 'Image'],
  头像: ['avatar', '頭像', 'Avatar'],
  编号: ['code', '編號', 'Code'],
  编码: ['code', '編碼', 'Code'],
  排序: ['sortNum', '排序', 'Sort order'],
  品牌: ['brand', '品牌', 'Brand'],
  颜色: ['colour', '顏色', 'Colour'],
  重量: ['weight', '重量', 'Weight'],
  城市: ['city', '城市', 'City'],
  性别: ['gender', '性別', 'Gender'],
  年龄: ['age', '年齡', 'Age'],
  身份证: ['idCard', '身份證', 'ID card'],
  身份证号: ['idCard', '身份證號', 'ID card'],
  供应商: ['supplier', '供應商', 'Supplier'],
  客户: ['customer', '客戶', 'Customer'],
  联系人: ['contact', '聯絡人', 'Contact'],
  网址: ['website', '網址', 'Website'],
  链接: ['link', '連結', 'Link'],
  内容: ['content', '內容', 'Content'],
  成立时间: ['founded', '成立時間', 'Founded'],
  创建时间: ['createdAt', '建立時間', 'Created at'],
  开始时间: ['startTime', '開始時間', 'Start time'],
  结束时间: ['endTime', '結束時間', 'End time'],
  是否启用: ['enabled', '是否啟用', 'Enabled'],
};

const HAN = /\p{Script=Han}/u;

/** Whether a text holds Chinese characters. */
export const hasHan = (text: string): boolean => HAN.test(text);

/** The ASCII words of a Chinese text: a known term's name, or pinyin syllables (letters and digits kept). */
export function asciiWords(raw: string): string {
  const text = raw.trim();
  const term = TERMS[text];
  if (term) return term[0].replace(/([a-z])([A-Z])/g, '$1 $2');
  return pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join(' ');
}

/**
 * The label of a header or key in three languages: Chinese headers keep their text (the traditional form of a known
 * term) and get the English of a known term, or the words of the field name ("unitPrice" → "Unit price").
 */
export function labelOf(raw: string, name: string): Label {
  const text = raw.trim();
  if (!hasHan(text)) return { 'zh-cn': text || name, 'zh-tw': text || name, en: text || name };
  const term = TERMS[text];
  return { 'zh-cn': text, 'zh-tw': term?.[1] ?? text, en: term?.[2] ?? humanize(name) };
}

/** "unitPrice" → "Unit price". */
export function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
