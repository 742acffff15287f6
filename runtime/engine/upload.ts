import useSWR from 'swr';
import i18n, { currentLanguage } from '../i18n/index';
import { ensureToken, RequestError, request, requestFailed } from './request';
import { useSession } from './session';
import { apiUrl } from './api-base';
import type { UploadMode } from './client.generated';

/**
 * GET /admin/base/comm/uploadMode: where files go and the limits the server enforces (checked here first), as the
 * server declares it.
 */
export type { UploadMode };

export const UPLOAD_MODE_KEY = '/admin/base/comm/uploadMode';

export function useUploadMode(): UploadMode | undefined {
  const session = useSession();
  const { data } = useSWR<UploadMode>(session ? UPLOAD_MODE_KEY : null, (key: string) => request<UploadMode>(key), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return data;
}

/** What a field takes: pictures, videos, or any file the server allows. */
export type UploadAccept = 'image' | 'video' | 'file';

const extOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** The extensions a field accepts (for the file chooser's `accept` and the check before sending). */
export function acceptedExtensions(mode: UploadMode | undefined, accept: UploadAccept): string[] {
  if (!mode) return [];
  if (accept === 'file') return Object.values(mode.kinds).flat();
  return mode.kinds[accept] ?? [];
}

/** Bytes as people read them: 1.2 MB, 840 KB, 12 B. */
export function formatBytes(bytes: number, lang = currentLanguage()): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  // 1023.7 KB reads as 1 MB, not "1,024 KB".
  if (unit < units.length - 1 && Number(value.toFixed(digits)) >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString(lang === 'en' ? 'en-US' : lang === 'zh-tw' ? 'zh-TW' : 'zh-CN', { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** Why the server would refuse this file, checked before it is sent (size, kind by extension); undefined if fine. */
export function fileProblem(file: File, mode: UploadMode | undefined, accept: UploadAccept): string | undefined {
  if (!mode) return undefined;
  const t = i18n.getFixedT(null, 'entity');
  if (file.size === 0) return t('upload.empty', { name: file.name });
  if (file.size > mode.maxSize) return t('upload.tooBig', { name: file.name, max: formatBytes(mode.maxSize) });
  const allowed = acceptedExtensions(mode, accept);
  if (!allowed.includes(extOf(file.name))) return t('upload.wrongKind', { name: file.name, kinds: allowed.join(' ') });
  return undefined;
}

/**
 * Sends one file to POST /admin/base/comm/upload (multipart) and resolves to its URL. XMLHttpRequest rather than
 * fetch, for upload progress. The server records the file in the file space (in `classifyId` when given).
 */
export async function uploadFile(
  file: File,
  options: { onProgress?: (fraction: number) => void; classifyId?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const token = await ensureToken();
  const form = new FormData();
  if (options.classifyId !== undefined) form.append('classifyId', String(options.classifyId));
  form.append('file', file, file.name);
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/admin/base/comm/upload'));
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.setRequestHeader('language', currentLanguage());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new RequestError(0, i18n.t('common:request.network', { message: file.name })));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let reply:
        | {
            code?: number;
            message?: string;
            data?: unknown;
            details?: { path: string; message: string }[];
            errorCode?: string;
          }
        | undefined;
      try {
        reply = JSON.parse(xhr.responseText) as typeof reply;
      } catch {
        reply = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && reply?.code === 1000) {
        const data = reply.data;
        resolve(Array.isArray(data) ? String(data[0]) : String(data));
      } else {
        reject(
          new RequestError(
            xhr.status,
            reply?.message ?? requestFailed(xhr.status),
            reply?.code,
            reply?.details,
            reply?.errorCode,
          ),
        );
      }
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
