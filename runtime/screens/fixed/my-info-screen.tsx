import type { ReactNode } from 'react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { WIRE_FORMATS } from '../../../server/core/registry/wire-formats';
import { request, RequestError } from '../../engine/request';
import { clearSession } from '../../engine/session';
import { useEps } from '../../engine/eps';
import { TextField } from '../../shell/text-field';
import { toast } from '../../shell/toast';
import { Avatar } from '../../shell/user-menu';
import { displayName, usePerson } from '../../shell/use-person';
import { UploadPicker } from '../../widgets/upload-picker';

const PROFILE = ['nickName', 'name', 'phone', 'email', 'headImg'] as const;
type Profile = Record<(typeof PROFILE)[number], string>;
type Errors = Partial<Record<string, string>>;

/** Field errors from the server's `details`, else its message as a toast. */
function report(error: unknown, setErrors: (e: Errors) => void): void {
  if (error instanceof RequestError && error.details?.length) {
    setErrors(Object.fromEntries(error.details.map((d) => [d.path.replace(/^\//, ''), d.message])));
    return;
  }
  toast.failure(error);
}

function Card({
  title,
  hint,
  children,
  onSubmit,
  submit,
  busy,
  testId,
}: {
  title: string;
  hint: string;
  children: ReactNode;
  onSubmit: (e: FormEvent) => void;
  submit: string;
  busy: boolean;
  testId: string;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="rounded-lg border border-line bg-surface shadow-panel"
      data-testid={testId}
    >
      <div className="border-b border-line px-5 py-3.5">
        <h2 className="text-[15px] font-semibold text-ink">{title}</h2>
        <p className="mt-0.5 text-xs text-muted">{hint}</p>
      </div>
      <div className="grid gap-x-4 px-5 pt-4 sm:grid-cols-2">{children}</div>
      <div className="flex justify-end border-t border-line px-5 py-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover disabled:opacity-60"
        >
          {submit}
        </button>
      </div>
    </form>
  );
}

/** The personal centre: profile fields and a password change (which ends every session of the user). */
export default function MyInfoScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { person, mutate } = usePerson();
  const [profile, setProfile] = useState<Profile>({ nickName: '', name: '', phone: '', email: '', headImg: '' });
  const [pw, setPw] = useState({ oldPassword: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // Length caps come from the user entity's schema when this user may see it; the server enforces them anyway.
  const userFields = useEps().byPrefix.get('base/sys/user')?.joinery?.fields ?? [];
  const cap = (name: string) => userFields.find((f) => f.name === name)?.maxLength;

  // The personal centre always shows the record as the server has it now, not the copy kept since login.
  useEffect(() => {
    void mutate();
  }, [mutate]);
  useEffect(() => {
    if (person) setProfile(Object.fromEntries(PROFILE.map((k) => [k, person[k] ?? ''])) as Profile);
  }, [person]);

  const saveProfile = async (e: FormEvent) => {
    e.preventDefault();
    // The same checks as the server's (schemas' phone and email formats), in the interface language before saving.
    const found: Errors = {};
    if (!profile.nickName.trim()) found.nickName = t('my.nickNameRequired');
    if (!WIRE_FORMATS.phone.test(profile.phone.trim())) found.phone = t('my.phoneInvalid');
    if (!WIRE_FORMATS.email.test(profile.email.trim())) found.email = t('my.emailInvalid');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await request('/admin/base/comm/personUpdate', {
        method: 'POST',
        data: { ...profile, phone: profile.phone.trim(), email: profile.email.trim() },
      });
      await mutate();
      toast.success(t('my.saved'));
    } catch (error) {
      report(error, setErrors);
    } finally {
      setBusy(false);
    }
  };

  const savePassword = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!pw.oldPassword) next.oldPassword = t('my.oldPasswordRequired');
    if (!pw.password) next.password = t('my.newPasswordRequired');
    else if (pw.password.length < 6 || pw.password.length > 16) next.password = t('my.passwordLength');
    if (pw.password && pw.confirm !== pw.password) next.confirm = t('my.passwordMismatch');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await request('/admin/base/comm/personUpdate', {
        method: 'POST',
        data: { nickName: profile.nickName || person?.nickName, oldPassword: pw.oldPassword, password: pw.password },
      });
      toast.success(t('my.passwordChanged'));
      clearSession();
      navigate('/login', { replace: true });
    } catch (error) {
      report(error, setErrors);
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof Profile, extra: { type?: string } = {}) => (
    <TextField
      key={key}
      name={key}
      label={t(`my.${key}`)}
      value={profile[key]}
      error={errors[key]}
      maxLength={cap(key)}
      {...extra}
      onChange={(e) => setProfile((p) => ({ ...p, [key]: e.target.value }))}
    />
  );

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <section className="flex items-center gap-4 rounded-lg border border-line bg-surface px-5 py-5 shadow-panel">
        <Avatar name={displayName(person)} src={person?.headImg} size={56} />
        <div>
          <h1 className="text-lg font-semibold text-ink">{displayName(person)}</h1>
          <p className="text-sm text-muted">
            {t('my.username')}: <span className="font-mono">{person?.username}</span>
          </p>
        </div>
      </section>
      <Card
        title={t('my.profile')}
        hint={t('my.profileHint')}
        onSubmit={saveProfile}
        submit={t('my.saveProfile')}
        busy={busy}
        testId="profile-form"
      >
        {field('nickName')}
        {field('name')}
        {field('phone', { type: 'tel' })}
        {field('email', { type: 'email' })}
        <div className="mb-4 grid gap-1.5 sm:col-span-2" data-field="headImg">
          <span className="text-[13px] text-muted">{t('my.headImg')}</span>
          <UploadPicker
            id="headImg"
            label={t('my.headImg')}
            accept="image"
            max={1}
            value={profile.headImg ? [profile.headImg] : []}
            onChange={(urls) => setProfile((p) => ({ ...p, headImg: urls[0] ?? '' }))}
          />
          {errors.headImg && <span className="text-xs text-danger">{errors.headImg}</span>}
        </div>
      </Card>
      <Card
        title={t('my.password')}
        hint={t('my.passwordHint')}
        onSubmit={savePassword}
        submit={t('my.savePassword')}
        busy={busy}
        testId="password-form"
      >
        <TextField
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          label={t('my.oldPassword')}
          value={pw.oldPassword}
          error={errors.oldPassword}
          onChange={(e) => setPw((p) => ({ ...p, oldPassword: e.target.value }))}
        />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={cap('password')}
          label={t('my.newPassword')}
          value={pw.password}
          error={errors.password}
          onChange={(e) => setPw((p) => ({ ...p, password: e.target.value }))}
        />
        <TextField
          name="confirm"
          type="password"
          autoComplete="new-password"
          maxLength={cap('password')}
          label={t('my.confirmPassword')}
          value={pw.confirm}
          error={errors.confirm}
          onChange={(e) => setPw((p) => ({ ...p, confirm: e.target.value }))}
        />
      </Card>
    </div>
  );
}
