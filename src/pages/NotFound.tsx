import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { COPYRIGHT } from '../../contract/constants';
import { Messages } from '../../contract/envelope';

export function NotFoundPage() {
  return (
    <div className="not-found">
      <main id="main">
        <h1>{Messages.pageNotAvailable}</h1>
        <p>{Messages.pageNotExist}</p>
        <Link to="/" className="btn primary">
          Take me home
        </Link>
      </main>
      <footer className="rights">{COPYRIGHT} POD Studio. All rights reserved.</footer>
    </div>
  );
}

/** /error and every route's error element: the status from the error, or 500 with its message. */
export function ErrorPage() {
  const error = useRouteError();
  let status = 500;
  let message = 'Something went wrong on our side. Please try again in a moment.';
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = error.statusText || message;
  } else if (error instanceof Error) message = error.message;
  if (status === 404) return <NotFoundPage />;
  return (
    <div className="not-found">
      <main id="main">
        <h1>Error {status}</h1>
        <p>{message}</p>
        <div className="modal-actions center">
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <Link to="/" className="btn primary">
            Take me home
          </Link>
        </div>
      </main>
      <footer className="rights">{COPYRIGHT} POD Studio. All rights reserved.</footer>
    </div>
  );
}
