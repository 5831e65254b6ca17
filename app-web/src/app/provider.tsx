import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import '../styles/tokens.css';
import '../styles/base.css';

export const AppProvider = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <StrictMode>
    <Provider store={store}>{children}</Provider>
  </StrictMode>
);
