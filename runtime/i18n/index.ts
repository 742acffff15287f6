import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The three interface languages; zh-cn is the default and the fallback. */
export const LANGUAGES = ['zh-cn', 'zh-tw', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-cn';
const STORAGE_KEY = 'joinery.lang';

type Messages = { [key: string]: string | Messages };

// Every runtime/i18n/<namespace>/<lang>.json is bundled; adding a namespace needs no code here. The default language
// (also every other's fallback) is in the main bundle; the other two are a chunk each, fetched only when chosen
// (catalogues.ts): a cold load in zh-cn does not download two languages it does not show.
const files = import.meta.glob<{ default: Messages }>('./*/zh-cn.json', { eager: true });
const OTHERS: Record<Exclude<Language, 'zh-cn'>, () => Promise<{ default: Record<string, { default: Messages }> }>> = {
  'zh-tw': () => import('./catalogue-zh-tw'),
  en: () => import('./catalogue-en'),
};

function buildResources(from: Record<string, { default: Messages }>): Record<string, Record<string, Messages>> {
  const resources: Record<string, Record<string, Messages>> = {};
  for (const [file, mod] of Object.entries(from)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, ns, lang] = match;
    resources[lang] = { ...resources[lang], [ns]: mod.default };
  }
  return resources;
}

/** Makes a language's texts available (a no-op for zh-cn and for one already loaded). */
export async function loadLanguage(lang: Language): Promise<void> {
  if (lang === DEFAULT_LANGUAGE || i18n.hasResourceBundle(lang, 'common')) return;
  const loaded = buildResources((await OTHERS[lang as Exclude<Language, 'zh-cn'>]()).default)[lang] ?? {};
  for (const [ns, messages] of Object.entries(loaded)) i18n.addResourceBundle(lang, ns, messages, true, true);
}

/** Switches the interface language once its texts are loaded. */
export async function switchLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

const resources = buildResources(files);
const startLanguage = initialLanguage();

void i18n.use(initReactI18next).init({
  resources,
  // Another saved language is switched to once its chunk is in (i18nReady); until then nothing is rendered.
  lng: DEFAULT_LANGUAGE,
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

/** Resolves when the saved language's texts are in: main.tsx renders after it (at once for zh-cn). */
export const i18nReady: Promise<void> =
  startLanguage === DEFAULT_LANGUAGE
    ? Promise.resolve()
    : switchLanguage(startLanguage).catch((error: unknown) =>
        console.warn(`texts of ${startLanguage} not loaded`, error),
      );

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
export function pickLabel(
  label: Partial<Record<Language, string>> | undefined,
  lang: string = currentLanguage(),
): string {
  if (!label) return '';
  return label[lang as Language] ?? label[DEFAULT_LANGUAGE] ?? Object.values(label)[0] ?? '';
}

export default i18n;
