import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Each new page starts at its top, like a full page load would. */
export const ScrollToTop = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
};
