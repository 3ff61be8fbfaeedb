import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSignedIn, rememberSignedIn, wasSignedIn } from './signed-in-memory';

/** A Map-backed stand-in for the browser's localStorage (the tests run in Node). */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the memory of a signed-in browser', () => {
  it('is empty for a browser that never signed in, set by a sign-in, cleared by a sign-out', () => {
    vi.stubGlobal('localStorage', fakeStorage());
    expect(wasSignedIn()).toBe(false);
    rememberSignedIn();
    expect(wasSignedIn()).toBe(true);
    forgetSignedIn();
    expect(wasSignedIn()).toBe(false);
  });

  it('reads as never signed in where the browser refuses storage', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(() => rememberSignedIn()).not.toThrow();
    expect(wasSignedIn()).toBe(false);
  });
});
