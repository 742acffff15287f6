import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { clearSession } from '../../engine/session';
import { Icon } from '../../shell/icons';
import { LanguageSwitch } from '../../shell/language-switch';

export const ERROR_CODES = [401, 403, 404, 500, 502] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const ICONS: Record<ErrorCode, string> = { 401: 'lock', 403: 'shield', 404: 'search', 500: 'alert', 502: 'clock' };

/** The error pages of SPEC §8; `embedded` draws it inside the shell's content area. */
export function ErrorScreen({
  code,
  detail,
  embedded = false,
}: {
  code: ErrorCode;
  detail?: string;
  embedded?: boolean;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const loginAgain = () => {
    clearSession();
    navigate('/login', { replace: true });
  };

  const body = (
    <div className="flex max-w-md flex-col items-center text-center" data-error-code={code}>
      <div className="relative mb-6 flex h-28 w-28 items-center justify-center">
        <div className="absolute inset-0 rounded-full bg-primary-9" />
        <div className="absolute inset-3 rounded-full bg-primary-8" />
        <Icon name={ICONS[code]} size={44} className="relative text-primary" />
      </div>
      <p className="text-5xl font-semibold tracking-tight text-ink">{code}</p>
      <h1 className="mt-3 text-lg font-medium text-ink">{t(`errors.${code}.title`)}</h1>
      <p className="mt-1.5 text-sm text-muted">{t(`errors.${code}.hint`)}</p>
      {detail && (
        <p className="mt-3 max-w-full break-words rounded-md bg-subtle px-3 py-2 font-mono text-xs text-muted">
          {detail}
        </p>
      )}
      <div className="mt-6 flex gap-3">
        {code === 401 ? (
          <button
            type="button"
            onClick={loginAgain}
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover"
          >
            {t('errors.loginAgain')}
          </button>
        ) : (
          <button
            type="button"
            onClick={() => navigate('/')}
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover"
          >
            {t('common:actions.backHome')}
          </button>
        )}
        {code !== 401 && (
          <button
            type="button"
            onClick={() => navigate(-1)}
            className="rounded-md border border-line bg-surface px-4 py-2 text-sm text-ink hover:bg-hover"
          >
            {t('common:actions.back')}
          </button>
        )}
      </div>
    </div>
  );

  if (embedded) return <div className="flex min-h-[60vh] items-center justify-center p-8">{body}</div>;
  return (
    <main className="relative flex min-h-screen items-center justify-center bg-canvas p-8">
      <div className="absolute right-4 top-4">
        <LanguageSwitch />
      </div>
      {body}
    </main>
  );
}
