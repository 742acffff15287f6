import { useTranslation } from 'react-i18next';

/** A quiet placeholder while a screen's code or data arrives. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div
      className="flex min-h-[40vh] items-center justify-center"
      role="status"
      aria-live="polite"
      data-testid="page-loading"
    >
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-primary-7 border-t-primary" />
      <span className="ml-3 text-sm text-muted">{t('state.loading')}</span>
    </div>
  );
}
