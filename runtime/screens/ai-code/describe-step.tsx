import { useTranslation } from 'react-i18next';
import { labelOf } from '../../widgets/label-of';
import { SelectInput } from '../../widgets/select-input';
import { buttonClass, inputClass, invalidInputClass, textareaClass } from '../../widgets/ui-classes';
import { Field, Step } from './ai-code-parts';
import { SOURCES } from './proposal-state';
import type { AiCode } from './use-ai-code';

const LANGS = ['zh-cn', 'zh-tw', 'en'] as const;

/**
 * Step 1: where the entity goes (module, name, menu name in three languages) and how it is described (sample JSON,
 * CSV, the field form, an entity class, a sentence); or which stored entity is evolved.
 */
export function DescribeStep({ ai }: { ai: AiCode }) {
  const { t } = useTranslation('aicode');
  const { opts, evolving, parts, draft, update, preview, lang, source, texts, sourceIssue, busy } = ai;
  return (
    <Step
      n={1}
      testId="ai-describe"
      title={t('describe.title')}
      hint={t('describe.hint')}
      aside={
        opts &&
        opts.stored.length > 0 && (
          <label className="flex items-center gap-2 text-[13px] text-muted">
            {t('describe.evolve')}
            <SelectInput
              aria-label={t('describe.evolve')}
              wrapperClassName="w-56"
              value={evolving}
              onChange={(e) => void ai.evolve(e.target.value)}
            >
              <option value="">{t('describe.newEntity')}</option>
              {opts.stored.map((s) => (
                <option key={s.prefix} value={s.prefix}>
                  {labelOf(s.title, lang)} · {s.prefix}
                </option>
              ))}
            </SelectInput>
            {evolving && (
              <button
                type="button"
                className={buttonClass.default}
                onClick={() => void ai.exportSchema()}
                title={`schemas/${evolving}.json`}
              >
                {t('describe.export')}
              </button>
            )}
            {evolving && opts?.canApply && (
              <button type="button" className={buttonClass.danger} onClick={() => ai.setRemoving(true)}>
                {t('remove.button')}
              </button>
            )}
          </label>
        )
      }
    >
      <div className="grid gap-4 md:grid-cols-[repeat(2,minmax(0,12rem))_minmax(0,1fr)]">
        <Field label={t('place.module')} required issue={parts.get('module')} htmlFor="ai-module">
          <input
            id="ai-module"
            list="ai-modules"
            className={`${inputClass} font-mono ${parts.get('module') ? invalidInputClass : ''}`}
            value={draft.module}
            disabled={!!evolving}
            placeholder="shop"
            onChange={(e) => update({ module: e.target.value.trim() })}
          />
          <datalist id="ai-modules">
            {opts?.modules.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </Field>
        <Field
          label={t('place.name')}
          required
          issue={parts.get('name') ?? (!evolving && preview?.replacing ? t('sameName.warning') : undefined)}
          htmlFor="ai-name"
        >
          <input
            ref={ai.nameInput}
            id="ai-name"
            className={`${inputClass} font-mono ${parts.get('name') ? invalidInputClass : ''}`}
            value={draft.name}
            disabled={!!evolving}
            placeholder="supplier"
            onChange={(e) => update({ name: e.target.value.trim() })}
          />
        </Field>
        <Field label={t('place.menuName')} required issue={parts.get('title')}>
          <div className="flex gap-2">
            {LANGS.map((lng) => (
              <input
                key={lng}
                aria-label={`${t('place.menuName')} ${lng}`}
                className={`${inputClass} ${parts.get('title') ? invalidInputClass : ''}`}
                value={draft.title[lng]}
                placeholder={lng === 'en' ? 'English' : lng === 'zh-tw' ? '繁體' : '简体'}
                onChange={(e) => update({ title: { ...draft.title, [lng]: e.target.value } })}
              />
            ))}
          </div>
        </Field>
      </div>
      {!evolving && (
        <>
          <div role="tablist" aria-label={t('describe.how')} className="mt-5 flex flex-wrap gap-1 border-b border-line">
            {SOURCES.map((s) => {
              const off = s === 'sentence' && opts?.llm === false;
              return (
                <button
                  key={s}
                  type="button"
                  role="tab"
                  aria-selected={source === s}
                  disabled={off}
                  title={off ? t('describe.noLlm') : undefined}
                  onClick={() => ai.setSource(s)}
                  className={`-mb-px rounded-t-md border px-3 py-1.5 text-[13px] ${source === s ? 'border-line border-b-surface bg-surface font-medium text-primary' : 'border-transparent text-muted hover:text-ink'} disabled:cursor-not-allowed disabled:opacity-50`}
                >
                  {t(`source.${s}`)}
                </button>
              );
            })}
          </div>
          <div className="pt-3">
            {source === 'form' ? (
              <p className="text-[13px] text-muted">{t('describe.formHint')}</p>
            ) : (
              <textarea
                aria-label={t(`source.${source}`)}
                rows={source === 'entity' ? 10 : 6}
                spellCheck={false}
                className={`${textareaClass} font-mono text-[12px] ${sourceIssue ? invalidInputClass : ''}`}
                placeholder={t(`placeholder.${source}`)}
                value={texts[source]}
                onChange={(e) => ai.setTexts({ ...texts, [source]: e.target.value })}
              />
            )}
            {sourceIssue && (
              <p className="mt-1 text-xs text-danger" role="alert">
                {sourceIssue}
              </p>
            )}
            {source === 'sentence' && opts?.llm === false && (
              <p className="mt-1 text-xs text-muted">{t('describe.noLlm')}</p>
            )}
            <div className="mt-3 flex items-center gap-3">
              <button
                type="button"
                className={buttonClass.primary}
                disabled={busy !== null}
                onClick={() => void ai.draftFromSource()}
              >
                {busy === 'draft'
                  ? t('describe.drafting')
                  : source === 'form'
                    ? t('describe.start')
                    : t('describe.draft')}
              </button>
              {draft.fields.length > 0 && source !== 'form' && (
                <span className="text-xs text-muted">{t('describe.replaces')}</span>
              )}
            </div>
          </div>
        </>
      )}
    </Step>
  );
}
