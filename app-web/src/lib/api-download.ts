import { ApiError, browserTimeZone } from './api-client';
import { readStoredToken } from './session/auth-token';

export interface Download {
  blob: Blob;
  /** From the answer's Content-Disposition, else `fallbackName`. */
  fileName: string;
}

const fileNameOf = (disposition: string | null): string | null =>
  disposition ? (/filename="([^"]+)"/.exec(disposition)?.[1] ?? null) : null;

/**
 * GET a file from the API with the login token (a plain link cannot send x-auth-token): the body as
 * a Blob. An error answer throws ApiError with the server's message, as apiRequest does.
 */
export const apiDownload = async (path: string, fallbackName: string): Promise<Download> => {
  const token = readStoredToken();
  const response = await fetch(path, {
    headers: { 'time-zone': browserTimeZone(), ...(token ? { 'x-auth-token': token } : {}) },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : `Request failed with status ${response.status}`;
    throw new ApiError(response.status, message, body);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')) ?? fallbackName,
  };
};

/** Saves a blob under a file name through a temporary link (the browser's own download). */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/** Hands a downloaded file to the browser as a download of its own. */
export const saveDownload = ({ blob, fileName }: Download) => saveBlob(blob, fileName);
