/** jsdom has no matchMedia; this one answers every query with `matches`. */
export const stubMatchMedia = (matches: boolean): void => {
  window.matchMedia = (query: string) =>
    ({
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
};
