import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The three interface languages; zh-cn is the default and the fallback. */
export const LANGUAGES = ['zh-cn', 'zh-tw', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-cn';
const STORAGE_KEY = 'joinery.lang';

type Messages = { [key: string]: string | Messages };

// Every runtime/i18n/<namespace>/<lang>.json is bundled; adding a namespace needs no code here.
const files = import.meta.glob<{ default: Messages }>('./*/*.json', { eager: true });

function buildResources(): Record<string, Record<string, Messages>> {
  const resources: Record<string, Record<string, Messages>> = {};
  for (const [file, mod] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, ns, lang] = match;
    resources[lang] = { ...resources[lang], [ns]: mod.default };
  }
  return resources;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

const resources = buildResources();

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // 'zh-cn' must stay as written: it is the key of the resources and of eps labels.
  lowerCaseLng: true,
  load: 'currentOnly',
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang === 'en' ? 'en' : lang === 'zh-tw' ? 'zh-TW' : 'zh-CN';
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', (lang) => {
  localStorage.setItem(STORAGE_KEY, lang);
  applyDocumentLanguage(lang);
});

/** The current interface language, always one of LANGUAGES. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Picks the current language's text from a {zh-cn, zh-tw, en} label (eps titles and field labels). */
export function pickLabel(label: Partial<Record<Language, string>> | undefined, lang: string = currentLanguage()): string {
  if (!label) return '';
  return label[lang as Language] ?? label[DEFAULT_LANGUAGE] ?? Object.values(label)[0] ?? '';
}

export default i18n;
