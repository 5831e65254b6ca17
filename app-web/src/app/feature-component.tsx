import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from 'react-redux';
import type { Feature } from './feature';
import type { AppStore } from './store';

/**
 * A part of the shell (outside the routes) whose code and feature state arrive when it is first
 * rendered: it shows nothing until then. For parts the public pages never show, such as the
 * logged-in drummer's email reminder.
 */
export const featureComponent = <Props extends object>(
  load: () => Promise<{ Component: ComponentType<Props>; features: readonly Feature[] }>,
) => {
  let loaded: ComponentType<Props> | null = null;
  const FeatureComponent = (props: Props) => {
    const store = useStore() as AppStore;
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return;
      let live = true;
      void load().then(({ Component: component, features }) => {
        store.addFeatures(...features);
        loaded = component;
        if (live) setComponent(() => component);
      });
      return () => {
        live = false;
      };
    }, [Component, store]);
    return Component ? <Component {...props} /> : null;
  };
  return FeatureComponent;
};
