import { useEffect } from 'react';

export const PRODUCT_NAME = 'Stickwork';

export const pageTitle = (pageName: string): string => `${PRODUCT_NAME} | ${pageName}`;

/** Sets the document title ('Stickwork | Registration') and the page's canonical link. */
export const usePageMeta = (pageName: string, canonicalPath: string): void => {
  useEffect(() => {
    document.title = pageTitle(pageName);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    link.href = new URL(canonicalPath, window.location.origin).href;
  }, [pageName, canonicalPath]);
};
