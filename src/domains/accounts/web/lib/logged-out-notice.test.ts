import { describe, expect, it } from 'vitest';
import { paths } from '@/shared/paths';
import { loggedOutNotice, SESSION_ENDED_TOAST } from './logged-out-notice';

const catalogue = {
  loginRequired: 'Please log in to view listing details',
  sessionEnded: { to: paths.login, delayMs: 500 },
};

describe('what a page tells a visitor it cannot serve signed out (issue 10)', () => {
  it('tells someone whose session ended that they were logged out, as the spec does', () => {
    expect(loggedOutNotice(true, catalogue)).toEqual({
      toast: SESSION_ENDED_TOAST,
      to: paths.login,
      delayMs: 500,
    });
    expect(SESSION_ENDED_TOAST).toEqual({
      title: 'Unauthorised',
      description: 'You are logged out. Logging in again...',
    });
  });

  it("does not tell a visitor who never signed in that they were logged out: 'Login Required', then /auth", () => {
    const notice = loggedOutNotice(false, catalogue);
    expect(notice.toast).toEqual({
      title: 'Login Required',
      description: 'Please log in to view listing details',
    });
    expect(notice.toast.title).not.toBe('Unauthorised');
    expect(notice.to).toBe(paths.auth);
  });

  it("keeps a page's own toast for an ended session", () => {
    const listing = {
      loginRequired: 'You must be logged in to view listing details',
      sessionEnded: {
        toast: {
          title: 'Login Required',
          description: 'You must be logged in to view listing details',
        },
        to: paths.login,
        delayMs: 0,
      },
    };
    expect(loggedOutNotice(true, listing).toast.title).toBe('Login Required');
    expect(loggedOutNotice(true, listing).to).toBe(paths.login);
    expect(loggedOutNotice(false, listing).to).toBe(paths.auth);
  });
});
