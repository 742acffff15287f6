import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ensureToken, request } from '../engine/request';
import { clearSession } from '../engine/session';
import { Dropdown } from './dropdown';
import { Icon } from './icons';
import { toast } from './toast';
import { displayName, usePerson } from './use-person';

/**
 * Ends the session here, then on the server (revokes the tokens). Here first: the calls the session still has under
 * way are given up before the server revokes the token they carry, so none of them can come back 401 (request.ts).
 */
export async function logout(): Promise<void> {
  let token: string | undefined;
  try {
    token = await ensureToken();
  } catch (error) {
    // An expired session has nothing left to revoke.
    console.warn('logout: the session had expired', error);
  }
  clearSession();
  if (!token) return;
  try {
    await request('/admin/base/comm/logout', { method: 'POST', quiet: true, token });
  } catch (error) {
    // The tokens are dropped here whatever the server said.
    console.warn('logout call failed', error);
  }
}

export function Avatar({ name, src, size = 28 }: { name: string; src?: string | null; size?: number }) {
  if (src)
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-full bg-primary-8 font-medium text-primary"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {(name || '?').slice(0, 1).toUpperCase()}
    </span>
  );
}

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { person } = usePerson();
  const name = displayName(person);
  const onLogout = async () => {
    await logout();
    toast.success(t('header.loggedOut'));
    navigate('/login', { replace: true });
  };
  return (
    <Dropdown
      label={name || t('header.profile')}
      testId="user-menu"
      labelShown={!compact && !!name}
      trigger={
        <>
          <Avatar name={name} src={person?.headImg} />
          {!compact && (
            <span className="max-w-32 truncate text-[13px] text-ink" data-testid="user-name">
              {name}
            </span>
          )}
          <Icon name="chevron-down" size={14} className="text-faint" />
        </>
      }
      items={[
        {
          key: 'me',
          label: t('header.profile'),
          icon: <Icon name="user" size={15} />,
          onSelect: () => navigate('/my/info'),
          testId: 'menu-profile',
        },
        {
          key: 'out',
          label: t('header.logout'),
          icon: <Icon name="logout" size={15} />,
          onSelect: () => {
            void onLogout();
          },
          danger: true,
          testId: 'menu-logout',
        },
      ]}
    />
  );
}
