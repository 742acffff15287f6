import { lazy, Suspense } from 'react';
import type { EpsEntry } from '../../engine/eps';
import { useEver } from '../../engine/use-ever';
import { ADD_VIEWS } from '../../overrides/add-views';
import { INFO_VIEWS } from '../../overrides/info-views';
import type { EntityScreenModel } from './use-entity-screen';

// RJSF and ajv load only when a form opens, so the list stays light.
const EditDialog = lazy(() => import('./edit-dialog'));
// Dialogs load their code when first opened: a list shows its rows without the dialog library (issue 30's budget).
const InfoDialog = lazy(() => import('./info-dialog').then((m) => ({ default: m.InfoDialog })));
const ConfirmDelete = lazy(() => import('./confirm-delete').then((m) => ({ default: m.ConfirmDelete })));
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));
const EntityHistoryDialog = lazy(() =>
  import('./entity-history-dialog').then((m) => ({ default: m.EntityHistoryDialog })),
);
// The action dialog loads when one opens: a cold list downloads only what shows its rows.
const ActionDialog = lazy(() => import('./action-dialog').then((m) => ({ default: m.ActionDialog })));

/**
 * The entity screen's dialogs: details (or a screen's own detail view), a button's confirmation, delete, history,
 * import, and add/edit (or a screen's own add form). Each loads its code when first opened.
 */
export function EntityDialogs({ s, entry }: { s: EntityScreenModel; entry: EpsEntry }) {
  const { ctrl, prefix, viewing, pending, deleting, historyOpen, importing, editing, masterField, masterValue } = s;
  const { can, rows, version } = ctrl;
  const infoUsed = useEver(viewing);
  const deleteUsed = useEver(deleting);
  const InfoView = INFO_VIEWS[prefix];
  const AddView = ADD_VIEWS[prefix];
  return (
    <>
      {InfoView
        ? viewing && (
            <Suspense fallback={null}>
              <InfoView
                prefix={prefix}
                row={viewing}
                lang={ctrl.lang}
                // The entity's own transitions; another entity's buttons (submit for review) stay on the rows.
                buttons={s.rowButtons.filter((b) => !b.entity)}
                version={version}
                onPress={s.press}
                onClose={() => s.setViewing(null)}
              />
            </Suspense>
          )
        : infoUsed && (
            <Suspense fallback={null}>
              <InfoDialog
                entry={entry}
                prefix={prefix}
                row={viewing}
                lang={ctrl.lang}
                fetchInfo={can.info}
                onClose={() => s.setViewing(null)}
              />
            </Suspense>
          )}
      {pending && (
        <Suspense fallback={null}>
          <ActionDialog
            pending={pending}
            lang={ctrl.lang}
            onConfirm={(remark, picked) => s.runNow(pending.button, pending.ids, remark, picked)}
            onClose={() => s.setPending(null)}
          />
        </Suspense>
      )}
      {deleteUsed && (
        <Suspense fallback={null}>
          <ConfirmDelete
            ids={deleting}
            recycle={entry.joinery?.recycle ?? false}
            onConfirm={s.remove}
            onClose={() => s.setDeleting(null)}
          />
        </Suspense>
      )}
      {historyOpen && (
        <Suspense fallback={null}>
          <EntityHistoryDialog entry={entry} prefix={prefix} lang={ctrl.lang} onClose={() => s.setHistoryOpen(false)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog
            prefix={prefix}
            title={ctrl.title}
            onClose={() => s.setImporting(false)}
            onImported={() => void ctrl.afterWrite()}
          />
        </Suspense>
      )}
      {editing === 'new' && AddView ? (
        <Suspense fallback={null}>
          <AddView
            entry={entry}
            prefix={prefix}
            lang={ctrl.lang}
            onClose={() => s.setEditing(null)}
            onSaved={() => void ctrl.afterWrite()}
          />
        </Suspense>
      ) : (
        editing && (
          <Suspense fallback={null}>
            <EditDialog
              entry={entry}
              prefix={prefix}
              lang={ctrl.lang}
              row={editing === 'new' ? null : editing}
              fetchInfo={can.info}
              fixed={
                editing === 'new' && masterField && masterValue !== undefined
                  ? { [masterField.name]: masterValue }
                  : undefined
              }
              onClose={() => s.setEditing(null)}
              onSaved={() => void rows.refresh()}
            />
          </Suspense>
        )
      )}
    </>
  );
}
