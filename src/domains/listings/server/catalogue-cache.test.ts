import { afterEach, describe, expect, it, vi } from 'vitest';
import { PromiseCache } from './catalogue-cache';

describe('[CATALOGUE] cache of expensive figures', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('computes once for concurrent callers and reuses the value while fresh', async () => {
    const cache = new PromiseCache<{ n: number }>({ max: 10, freshMs: 1000 });
    const compute = vi.fn(async () => ({ n: 1 }));
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(a).toBe(b);
    expect(await cache.get('k', compute)).toBe(a);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not keep failures', async () => {
    const cache = new PromiseCache<{ n: number }>({ max: 10, freshMs: 1000 });
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('k', async () => ({ n: 2 }))).toEqual({ n: 2 });
  });

  it('answers a stale value at once while one refresh runs, then the new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new PromiseCache<{ n: number }>({ max: 10, freshMs: 1000, staleMs: 5000 });
    expect(await cache.get('k', async () => ({ n: 1 }))).toEqual({ n: 1 });
    vi.setSystemTime(Date.now() + 2000);
    let finish: (value: { n: number }) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<{ n: number }>((resolve) => (finish = resolve)));
    expect(await cache.get('k', refresh)).toEqual({ n: 1 });
    expect(await cache.get('k', refresh)).toEqual({ n: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    finish({ n: 2 });
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', refresh)).toEqual({ n: 2 });
  });

  it('recomputes once the stale time has passed too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new PromiseCache<{ n: number }>({ max: 10, freshMs: 1000, staleMs: 1000 });
    await cache.get('k', async () => ({ n: 1 }));
    vi.setSystemTime(Date.now() + 3000);
    expect(await cache.get('k', async () => ({ n: 3 }))).toEqual({ n: 3 });
  });

  it('answers a value marked stale once more while it is recounted', async () => {
    const cache = new PromiseCache<{ n: number }>({ max: 10, freshMs: 60_000, staleMs: 60_000 });
    await cache.get('k', async () => ({ n: 1 }));
    cache.markStale();
    const refresh = vi.fn(async () => ({ n: 2 }));
    expect(await cache.get('k', refresh)).toEqual({ n: 1 });
    await vi.waitFor(async () => expect(await cache.get('k', refresh)).toEqual({ n: 2 }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('forgets everything when cleared, even a computation still running', async () => {
    const cache = new PromiseCache<{ n: number }>({ max: 10, freshMs: 60_000 });
    let finish: (value: { n: number }) => void = () => undefined;
    const running = cache.get('k', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    finish({ n: 1 });
    await running;
    expect(await cache.get('k', async () => ({ n: 2 }))).toEqual({ n: 2 });
  });
});
