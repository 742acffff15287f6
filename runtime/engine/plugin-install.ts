import { entityApi } from './entity-api';

/** install's reply when it asks first (PROTOCOL §7.13): 0 incomplete, 1 already installed, 2 same hook; 3 = go on silently. */
export type InstallQuestion = { type: number; message: string };

/** A file the plugin installer takes (by name, as the original offers on a drop). */
export const isPluginPackage = (f: File): boolean => /\.(joinery|zip)$/i.test(f.name);

/** POST plugin/info/install with the package and `force`: null when installed, else the question the server asks. */
export async function installPackage(file: File, force: boolean): Promise<InstallQuestion | null> {
  const form = new FormData();
  form.append('files', file, file.name);
  form.append('force', String(force));
  const reply = await entityApi('plugin/info').post<InstallQuestion | null>('install', form, { quiet: true });
  if (reply && typeof reply === 'object' && 'type' in reply) {
    if (reply.type === 3) return installPackage(file, true);
    return reply;
  }
  return null;
}
