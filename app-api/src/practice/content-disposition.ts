/** Characters no file system or shell likes in a file name. */
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|\p{Cc}]+/gu;

/** The lesson name as a file name: path separators and the like become dashes. */
export const lessonFileName = (lessonName: string, extension: string): string => {
  const base = lessonName.replace(UNSAFE_IN_FILE_NAMES, '-').replace(/\s+/g, ' ').trim() || 'lesson';
  return `${base}.${extension}`;
};

/** An ASCII stand-in for clients that ignore `filename*`: accents dropped, other non-ASCII as '-'. */
const asciiFallback = (fileName: string): string =>
  fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '-')
    .replace(/["\\%]/g, '-');

/** RFC 8187 (RFC 5987) value: UTF-8, percent-encoded beyond the attr-chars. */
const extendedValue = (fileName: string): string =>
  `UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** `attachment; filename="<ASCII>"; filename*=UTF-8''<encoded>` (RFC 6266). */
export const attachmentDisposition = (fileName: string): string =>
  `attachment; filename="${asciiFallback(fileName)}"; filename*=${extendedValue(fileName)}`;
