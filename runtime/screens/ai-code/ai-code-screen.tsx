import { useTranslation } from 'react-i18next';
import { DraftDictsProvider } from '../../engine/dict';
import { labelOf } from '../../widgets/label-of';
import { DescribeStep } from './describe-step';
import { FieldTable } from './field-table';
import { NewDictDialog } from './new-dict-dialog';
import { Step } from './ai-code-parts';
import { ApplyBar } from './apply-bar';
import { PlaceStep } from './place-step';
import { ProposalPreview } from './proposal-preview';
import { RemoveEntityDialog } from './remove-entity-dialog';
import { useAiCode } from './use-ai-code';

/**
 * The AI-code page (SPEC §2, issue #8): describe an entity (sample JSON, CSV, the field form, a cool-admin entity class,
 * or a sentence when a language model is configured), review its fields, preview its real screen, place it in the menu
 * and apply it live — or evolve one made here before. Everything goes through the server's draft and createCode routes.
 * The state and actions are `useAiCode` (use-ai-code.ts); the steps here only draw them.
 */
export default function AiCodeScreen() {
  const { t } = useTranslation('aicode');
  const ai = useAiCode();
  const { lang, draft, update, parts, cells, dictKeys, entities, applier, preview, draftDicts, rows } = ai;
  const { removing, evolving, newDictFor } = ai;
  return (
    <div className="mx-auto grid max-w-[1400px] grid-cols-[minmax(0,1fr)] gap-4 pb-10" data-testid="ai-code">
      <DescribeStep ai={ai} />

      <Step n={2} testId="ai-fields" title={t('fields.title')} hint={t('fields.hint')}>
        {parts.get('fields') && (
          <p className="mb-2 text-xs text-danger" role="alert">
            {parts.get('fields')}
          </p>
        )}
        {draft.fields.length === 0 ? (
          <p className="py-6 text-center text-[13px] text-muted">{t('fields.empty')}</p>
        ) : (
          <FieldTable
            fields={draft.fields}
            lang={lang}
            issues={cells}
            dicts={dictKeys}
            entities={entities}
            onNewDict={ai.setNewDictFor}
            onChange={(fields, renamed) => {
              update({ fields });
              if (renamed) {
                ai.renameRows(renamed.from, renamed.to);
                applier.renamed(renamed.from, renamed.to);
              }
            }}
          />
        )}
      </Step>

      <Step n={3} testId="ai-preview-step" title={t('preview.title')} hint={t('preview.hint')}>
        {preview && draft.fields.length > 0 ? (
          <DraftDictsProvider dicts={draftDicts}>
            <ProposalPreview entry={preview.preview} rows={rows} onRows={ai.setRows} lang={lang} />
          </DraftDictsProvider>
        ) : (
          <p className="py-6 text-center text-[13px] text-muted">{t('preview.none')}</p>
        )}
      </Step>

      <PlaceStep ai={ai} />
      <ApplyBar ai={ai} />

      {applier.dialogs}
      {removing && (
        <RemoveEntityDialog prefix={evolving} onClose={() => ai.setRemoving(false)} onRemoved={ai.removed} />
      )}
      {newDictFor !== null &&
        draft.fields[newDictFor] &&
        (() => {
          const field = draft.fields[newDictFor];
          const label =
            typeof field.label === 'object' ? labelOf(field.label, lang) || field.name : field.label || field.name;
          return (
            <NewDictDialog
              fieldType={field.type === 'integer' ? 'integer' : 'string'}
              fieldLabel={label}
              existing={dictKeys}
              initial={field.dict && field.dictEntries ? { key: field.dict, entries: field.dictEntries } : undefined}
              onClose={() => ai.setNewDictFor(null)}
              onDone={({ key, entries }) => {
                ai.setNewDictFor(null);
                update({
                  fields: draft.fields.map((f, i) =>
                    i === newDictFor ? { ...f, dict: key, dictEntries: entries } : f,
                  ),
                });
              }}
            />
          );
        })()}
    </div>
  );
}
