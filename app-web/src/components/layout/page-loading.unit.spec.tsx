import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import { PageLoading } from './page-loading';

/** Markup as the browser's DOM holds it: no comments, no whitespace between tags. */
const normalized = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .trim();
  return container.innerHTML;
};

describe('the first paint', () => {
  it('index.html paints what the router’s fallback renders, so nothing changes when the app takes over', () => {
    const root =
      new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('root')?.innerHTML ?? '';
    expect(normalized(root)).toBe(normalized(renderToStaticMarkup(<PageLoading />)));
    expect(normalized(root)).toContain('Stickwork');
  });
});
