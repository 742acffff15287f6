import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { request } from '../../engine/request';
import { clearSession, saveSession, type TokenReply } from '../../engine/session';
import { Icon } from '../../shell/icons';
import { LanguageSwitch } from '../../shell/language-switch';
import { Logo } from '../../shell/logo';
import { TextField } from '../../shell/text-field';
import { toast } from '../../shell/toast';
import { CaptchaImage, useCaptcha } from './captcha-image';

type Form = { username: string; password: string; verifyCode: string };

function Hero() {
  const { t } = useTranslation('shell');
  const points = t('login.heroPoints', { returnObjects: true }) as string[];
  return (
    <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-primary p-10 text-on-primary lg:flex">
      <div className="absolute -right-24 -top-24 h-80 w-80 rounded-full bg-primary-hover" />
      <div className="absolute -bottom-32 -left-20 h-96 w-96 rounded-full bg-primary-hover" />
      <div className="relative flex items-center gap-3">
        <span className="rounded-lg bg-white/15 p-1">
          <Logo size={30} />
        </span>
        <span className="text-lg font-semibold">{t('app.name')}</span>
      </div>
      <div className="relative">
        <h2 className="text-3xl font-semibold leading-tight">{t('login.heroTitle')}</h2>
        <ul className="mt-6 space-y-3 text-[15px]">
          {Array.isArray(points) &&
            points.map((p) => (
              <li key={p} className="flex items-center gap-3">
                <span className="rounded-full bg-white/20 p-1">
                  <Icon name="check" size={14} />
                </span>
                {p}
              </li>
            ))}
        </ul>
      </div>
      <p className="relative text-sm">{t('app.tagline')}</p>
    </aside>
  );
}

/** The public login page (SPEC §4, §5): username, password and the picture code. */
export function LoginScreen() {
  const { t } = useTranslation('shell');
  const { mutate } = useSWRConfig();
  const captcha = useCaptcha();
  const [form, setForm] = useState<Form>({ username: '', password: '', verifyCode: '' });
  const [errors, setErrors] = useState<Partial<Form>>({});
  const [busy, setBusy] = useState(false);

  const set = (key: keyof Form) => (e: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (errors[key]) setErrors((er) => ({ ...er, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Form> = {};
    if (!form.username.trim()) next.username = t('login.usernameRequired');
    if (!form.password) next.password = t('login.passwordRequired');
    if (!form.verifyCode.trim()) next.verifyCode = t('login.verifyCodeRequired');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const reply = await request<TokenReply>('/admin/base/open/login', {
        method: 'POST',
        data: {
          username: form.username.trim(),
          password: form.password,
          captchaId: captcha.id,
          verifyCode: form.verifyCode.trim(),
        },
      });
      clearSession();
      // Whatever an earlier user left in the data cache must not show to this one.
      await mutate(() => true, undefined, { revalidate: false });
      // "Wrong password" from a try before no longer holds.
      toast.clearErrors();
      toast.success(t('login.welcome'));
      // The guard around this page sees the new session and moves on to the page asked for.
      saveSession(reply);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      setForm((f) => ({ ...f, verifyCode: '' }));
      captcha.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-screen bg-canvas">
      <Hero />
      <main className="relative flex flex-1 items-center justify-center px-6 py-12">
        <div className="absolute right-4 top-4">
          <LanguageSwitch />
        </div>
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-2.5 lg:hidden">
            <Logo />
            <span className="text-lg font-semibold text-ink">{t('app.name')}</span>
          </div>
          <h1 className="text-2xl font-semibold text-ink">{t('login.title')}</h1>
          <p className="mt-1.5 text-sm text-muted">{t('login.subtitle')}</p>
          <form onSubmit={submit} noValidate className="mt-8" data-testid="login-form">
            <TextField
              name="username"
              autoComplete="username"
              label={t('login.username')}
              placeholder={t('login.usernamePlaceholder')}
              value={form.username}
              onChange={set('username')}
              error={errors.username}
              icon={<Icon name="user" size={16} />}
              autoFocus
            />
            <TextField
              name="password"
              type="password"
              autoComplete="current-password"
              label={t('login.password')}
              placeholder={t('login.passwordPlaceholder')}
              value={form.password}
              onChange={set('password')}
              error={errors.password}
              icon={<Icon name="lock" size={16} />}
            />
            <TextField
              name="verifyCode"
              autoComplete="off"
              inputMode="numeric"
              maxLength={8}
              label={t('login.verifyCode')}
              placeholder={t('login.verifyCodePlaceholder')}
              value={form.verifyCode}
              onChange={set('verifyCode')}
              error={errors.verifyCode}
              icon={<Icon name="key" size={16} />}
              addon={<CaptchaImage src={captcha.src} failed={captcha.failed} onReload={captcha.reload} />}
            />
            <button
              type="submit"
              disabled={busy}
              data-testid="login-submit"
              className="mt-2 h-10 w-full rounded-md bg-primary text-sm font-medium text-on-primary shadow-sm transition-colors hover:bg-primary-hover disabled:opacity-60"
            >
              {busy ? t('login.submitting') : t('login.submit')}
            </button>
          </form>
        </div>
      </main>
    </div>
  );
}
