import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

type Props = {
  /** Ids to delete; null when closed. */
  ids: number[] | null;
  /** Deleted rows go to the recycle bin (x-recycle), so the text can say they can be restored. */
  recycle: boolean;
  onConfirm: (ids: number[]) => Promise<void>;
  onClose: () => void;
};

/** Asks before deleting (ConfirmDialog: 删除 / 返回, opening on 返回); the dialog stays open if the call fails. */
export function ConfirmDelete({ ids, recycle, onConfirm, onClose }: Props) {
  const { t } = useTranslation('entity');
  return (
    <ConfirmDialog
      open={!!ids}
      title={t('dialog.deleteTitle')}
      confirmLabel={t('action.delete')}
      busyLabel={t('state.deleting')}
      onConfirm={() => (ids ? onConfirm(ids) : undefined)}
      onClose={onClose}
      testId="confirm-delete"
    >
      <div className="flex gap-3">
        <span
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger"
          aria-hidden="true"
        >
          !
        </span>
        <p className="pt-1">
          {t('dialog.deleteText', { count: ids?.length ?? 0 })}{' '}
          {recycle ? t('dialog.deleteRecycle') : t('dialog.deleteForever')}
        </p>
      </div>
    </ConfirmDialog>
  );
}
