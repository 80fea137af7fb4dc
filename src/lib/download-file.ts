import { api } from './api';

/**
 * Downloads a file the API serves behind the session's token (a plain link would go without
 * it): fetched as a blob, then saved through an object URL. Throws as `api` does.
 */
export async function downloadWithToken(path: string, filename: string): Promise<void> {
  const blob = await api(path, { responseType: 'blob', timeout: 120_000 });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
