import { API_BASE } from '../config.ts';
import { useSession } from './session.ts';

/**
 * Downloads a file the API makes (a CSV report): it needs the session's token, so it is fetched
 * and handed to the browser as a file rather than opened as a link. Answers false on a refusal.
 */
export async function downloadFile(path: string, filename: string): Promise<boolean> {
  const { token } = useSession.getState();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => null);
  if (!response?.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
