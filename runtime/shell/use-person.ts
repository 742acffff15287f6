import useSWR, { type KeyedMutator } from 'swr';
import { request } from '../engine/request';
import { useSession, userKey } from '../engine/session';
import type { BaseSysUser } from '../engine/client.generated';

/** The signed-in admin as GET /admin/base/comm/person returns it: a user record (secret fields are never sent). */
export type Person = BaseSysUser;

export const PERSON_KEY = '/admin/base/comm/person';
const STORE = userKey('person');

function stored(): Person | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(STORE) ?? 'null') as Person | null;
    return value && typeof value.username === 'string' ? value : undefined;
  } catch (error) {
    console.warn('discarding unreadable user info', error);
    return undefined;
  }
}

/** The current user, kept in localStorage with the session (SPEC §9). */
export function usePerson(): { person?: Person; mutate: KeyedMutator<Person> } {
  const session = useSession();
  const { data, mutate } = useSWR<Person, Error>(
    session ? PERSON_KEY : null,
    async (key: string) => {
      const person = await request<Person>(key);
      localStorage.setItem(STORE, JSON.stringify(person));
      return person;
    },
    { fallbackData: session ? stored() : undefined, revalidateOnMount: true },
  );
  return { person: data, mutate };
}

export function displayName(person: Person | undefined): string {
  return person?.nickName || person?.name || person?.username || '';
}
