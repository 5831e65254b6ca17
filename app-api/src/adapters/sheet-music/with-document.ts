import { JSDOM } from 'jsdom';

let dom: JSDOM | undefined;

/**
 * VexFlow's SVG backend creates elements through the global `document`, which Node lacks; lend it a
 * JSDOM one only while drawing, and hand the same document to the engraver.
 */
export function withDocument<T>(draw: (document: Document) => T): T {
  dom ??= new JSDOM('<!DOCTYPE html><html><body></body></html>');
  const document = dom.window.document as unknown as Document;
  const scope = globalThis as { document?: Document };
  const previous = scope.document;
  scope.document = document;
  try {
    return draw(document);
  } finally {
    if (previous === undefined) delete scope.document;
    else scope.document = previous;
  }
}
