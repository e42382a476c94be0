import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { clearProfile, setProfile } from '../../src/web/auth/profile';
import { RouteGuard } from '../../src/web/auth/RouteGuard';

function renderAt(path: string) {
  const here = (name: string) => ({ path: name, element: <div>page {name}</div> });
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        ),
        children: [
          here('/auth-inn'),
          here('/auth-login'),
          here('/registration'),
          here('/documents/incoming'),
          here('/help'),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteGuard', () => {
  it('sends a visitor without a token to certificate sign-in, remembering the target', () => {
    clearProfile();
    const router = renderAt('/help');
    expect(screen.getByText('page /auth-inn')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/help' });
  });
  it('lets a visitor without a token register', () => {
    clearProfile();
    renderAt('/registration');
    expect(screen.getByText('page /registration')).toBeInTheDocument();
  });
  it('sends a signed-in user away from the sign-in screens to incoming documents', () => {
    setProfile({ accessToken: 't' });
    renderAt('/auth-login');
    expect(screen.getByText('page /documents/incoming')).toBeInTheDocument();
  });
  it('lets a signed-in user through', () => {
    setProfile({ accessToken: 't' });
    renderAt('/help');
    expect(screen.getByText('page /help')).toBeInTheDocument();
  });
});
