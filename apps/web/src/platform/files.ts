import { isNativePlatform } from './capacitor.ts';

export interface SavedFile {
  name: string;
  type: string;
  data: Blob;
}

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(blob);
  });
}

async function shareNative(file: SavedFile, title: string): Promise<void> {
  const [{ Filesystem, Directory }, { Share }] = await Promise.all([
    import('@capacitor/filesystem'),
    import('@capacitor/share'),
  ]);
  const written = await Filesystem.writeFile({
    path: file.name,
    data: await toBase64(file.data),
    directory: Directory.Cache,
  });
  try {
    await Share.share({ title, dialogTitle: title, files: [written.uri] });
  } catch (error) {
    // Closing the share sheet without choosing is the user's choice, not a failure.
    if (!isShareCancelled(error)) throw error;
  }
}

/** The Share plugin rejects with "Share canceled" when the sheet is closed without a choice. */
export function isShareCancelled(error: unknown): boolean {
  return error instanceof Error && /cancel/i.test(error.message);
}

function downloadInBrowser(file: SavedFile): void {
  const url = URL.createObjectURL(new Blob([file.data], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run; give it a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Hands a file to the user: the share sheet on iOS and Android (the file is written to the
 * app's cache first), a download in the browser.
 */
export async function saveOrShareFile(file: SavedFile, title: string): Promise<void> {
  if (isNativePlatform()) await shareNative(file, title);
  else downloadInBrowser(file);
}
