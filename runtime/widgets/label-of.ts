/** Text in the three interface languages, as eps sends titles and labels. */
export type Label = { 'zh-cn': string; 'zh-tw': string; en: string };

/** The text for the current language, falling back to zh-cn (the default language). */
export function labelOf(label: Label | undefined, lang: string): string {
  if (!label) return '';
  const key = lang.toLowerCase() as keyof Label;
  return label[key] ?? label['zh-cn'];
}
