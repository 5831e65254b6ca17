import { useRouteError } from 'react-router-dom';
import '../../styles/tokens.css';
import '../../styles/base.css';
import '../../components/layout/layout.css';

/** Shown when a page crashes: the shell itself may be what failed, so this stands alone. */
export const ErrorRoute = () => {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="container" style={{ paddingBlock: '4rem' }}>
      <h1>Something went wrong</h1>
      <p>
        Sorry, this page hit a wrong note. Please reload it; if the problem stays, write to us at{' '}
        <a href="mailto:hello@stickwork.de">hello@stickwork.de</a>.
      </p>
      <p>
        <a href="/">Back to the start page</a>
      </p>
    </main>
  );
};
