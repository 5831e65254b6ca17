import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, lessonFileName } from './content-disposition.js';

const parse = (header: string) => ({
  fallback: /filename="([^"]*)"/.exec(header)?.[1],
  name: decodeURIComponent(/filename\*=UTF-8''([^;\s]+)$/.exec(header)?.[1] ?? ''),
});

describe('the attachment header of a sheet-music download', () => {
  it('names the file after the lesson, with an ASCII fallback and the UTF-8 name (RFC 5987)', () => {
    const fileName = lessonFileName('12/8 blues groove — bass drum on 1 and 7, 160 bpm', 'pdf');
    expect(fileName).toBe('12-8 blues groove — bass drum on 1 and 7, 160 bpm.pdf');
    const header = attachmentDisposition(fileName);
    expect(header).toBe(
      `attachment; filename="12-8 blues groove - bass drum on 1 and 7, 160 bpm.pdf"; filename*=UTF-8''12-8%20blues%20groove%20%E2%80%94%20bass%20drum%20on%201%20and%207%2C%20160%20bpm.pdf`,
    );
    expect(attachmentDisposition('Paradiddle "Übung".pdf')).toContain('filename="Paradiddle -Ubung-.pdf"');
  });

  it('never lets a name break out of the header, and always round-trips the file name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (name) => {
        const fileName = lessonFileName(name, 'pdf');
        expect(fileName).not.toMatch(/[\\/:*?"<>|\p{Cc}]/u);
        expect(fileName.endsWith('.pdf')).toBe(true);
        const header = attachmentDisposition(fileName);
        expect(header).toMatch(/^[\x20-\x7e]+$/);
        const { fallback, name: decoded } = parse(header);
        expect(fallback).toMatch(/^[\x20-\x7e]*$/);
        expect(decoded).toBe(fileName);
      }),
    );
  });
});
