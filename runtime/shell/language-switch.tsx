import { useTranslation } from 'react-i18next';
import { LANGUAGES, switchLanguage, type Language } from '../i18n/index';
import { Dropdown } from './dropdown';
import { Icon } from './icons';

/** Each language is named in itself, so it can be found whatever the current one. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-cn': '简体中文', 'zh-tw': '繁體中文', en: 'English' };

export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const current = i18n.language as Language;
  return (
    // The name holds what the button shows (WCAG 2.5.3): "语言 简体中文".
    <Dropdown
      label={`${t('header.language')} ${LANGUAGE_NAMES[current] ?? current}`}
      testId="language-switch"
      trigger={
        <>
          <Icon name="globe" size={17} />
          {!compact && <span className="text-[13px]">{LANGUAGE_NAMES[current] ?? current}</span>}
        </>
      }
      items={LANGUAGES.map((lang) => ({
        key: lang,
        label: LANGUAGE_NAMES[lang],
        active: lang === current,
        testId: `language-${lang}`,
        icon: lang === current ? <Icon name="check" size={14} /> : undefined,
        onSelect: () => {
          void switchLanguage(lang);
        },
      }))}
    />
  );
}
