import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../src/engine/routes';
import { clearProfile, setProfile } from '../../src/web/auth/profile';
import { RouteGuard } from '../../src/web/auth/RouteGuard';

// The guard on the document routes (spec §4): without a token each leads to certificate sign-in
// remembering where the person was going; with one each opens.

const DOCUMENT_ROUTES = [
  PATHS.incoming,
  PATHS.outgoing,
  PATHS.drafts,
  PATHS.deleted,
  PATHS.create,
  PATHS.view.replace(':id', '7f1d2c3b-aaaa-4bbb-8ccc-000000000001'),
  PATHS.update.replace(':id', '7f1d2c3b-aaaa-4bbb-8ccc-000000000001'),
  PATHS.print.replace(':id', '7f1d2c3b-aaaa-4bbb-8ccc-000000000001'),
];

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        ),
        children: [
          { path: PATHS.authInn, element: <div>certificate sign-in</div> },
          { path: '*', element: <div>document page</div> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteGuard on document routes', () => {
  it.each(DOCUMENT_ROUTES)('sends a visitor without a token from %s to sign-in', (path) => {
    clearProfile();
    const router = renderAt(`${path}?page=2`);
    expect(screen.getByText('certificate sign-in')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: `${path}?page=2` });
  });

  it.each(DOCUMENT_ROUTES)('opens %s with a token', (path) => {
    setProfile({ accessToken: 't' });
    renderAt(path);
    expect(screen.getByText('document page')).toBeInTheDocument();
  });
});
