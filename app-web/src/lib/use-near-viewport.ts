import { useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport, and from then on. For work a
 * part of the page needs only when the drummer gets to it (the landing page's carousel
 * starts sliding when it is about to be seen, not during the first load).
 */
export const useNearViewport = (element: Element | null, margin = '200px'): boolean => {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return near;
};
