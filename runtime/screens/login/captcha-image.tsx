import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../engine/request';
import { toast } from '../../shell/toast';

import type { Captcha } from '../../engine/client.generated';

/** svg markup or a data: URI (PROTOCOL §3.1) → something an <img> can show without running markup. */
function imageSource(data: string): string {
  if (data.startsWith('data:')) return data;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(data)}`;
}

/** Fetches a captcha (GET /admin/base/open/captcha); clicking the picture fetches a new one. */
export function useCaptcha(): { id: string; src?: string; failed: boolean; reload: () => void } {
  const { t } = useTranslation('shell');
  const [captcha, setCaptcha] = useState<Captcha | undefined>();
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    setFailed(false);
    request<Captcha>('/admin/base/open/captcha', { params: { width: 150, height: 45, color: '#2c3142' }, quiet: true })
      .then((c) => {
        if (!c?.captchaId || typeof c.data !== 'string') throw new Error('captcha reply without picture');
        setCaptcha(c);
      })
      .catch((error: unknown) => {
        console.warn('captcha failed', error);
        setCaptcha(undefined);
        setFailed(true);
        toast.error(t('login.captchaFailed'));
      });
  }, [t]);
  useEffect(reload, [reload]);
  return { id: captcha?.captchaId ?? '', src: captcha ? imageSource(captcha.data) : undefined, failed, reload };
}

export function CaptchaImage({ src, failed, onReload }: { src?: string; failed: boolean; onReload: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <button
      type="button"
      onClick={onReload}
      title={t('login.captchaRefresh')}
      aria-label={t('login.captchaRefresh')}
      data-testid="captcha"
      className="flex h-10 w-[150px] shrink-0 items-center justify-center overflow-hidden rounded-md border border-line-strong bg-white"
    >
      {src ? (
        <img src={src} alt={t('login.captchaAlt')} className="h-full w-full object-cover" />
      ) : (
        <span className={`px-2 text-center text-xs ${failed ? 'text-danger' : 'text-faint'}`}>
          {failed ? t('login.captchaFailed') : '…'}
        </span>
      )}
    </button>
  );
}
