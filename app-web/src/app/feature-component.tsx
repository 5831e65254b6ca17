import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from 'react-redux';
import type { AppStore, FeatureName } from './store';

/**
 * A component outside the routes (in the shell) whose code and feature state arrive when it is
 * first rendered: it shows nothing until then. For parts the public pages never show, such as the
 * logged-in drummer's email reminder.
 */
export const featureComponent = <Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  ...features: FeatureName[]
) => {
  let loaded: ComponentType<Props> | null = null;
  const FeatureComponent = (props: Props) => {
    const store = useStore() as AppStore;
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return;
      let live = true;
      void Promise.all([load(), store.loadFeatures(...features)]).then(([component]) => {
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
