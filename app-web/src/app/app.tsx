import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { UpdateBanner } from '../components/update-banner/update-banner';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { createAppStore } from './store';

export const App = () => {
  const [store] = useState(createAppStore);
  const [router] = useState(() => createAppRouter(store));
  return (
    <AppProvider store={store}>
      <RouterProvider router={router} />
      <UpdateBanner />
    </AppProvider>
  );
};
