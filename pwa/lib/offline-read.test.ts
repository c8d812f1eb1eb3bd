// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { readThrough } from './offline-read';

describe('readThrough', () => {
  it('returns the fresh answer and stores it', async () => {
    const saved: string[] = [];
    const value = await readThrough({
      fetchFresh: async () => 'fresh',
      save: async (v) => saved.push(v),
      loadSaved: async () => 'old',
    });
    expect(value).toBe('fresh');
    expect(saved).toEqual(['fresh']);
  });

  it('answers without waiting for the device to store the answer', async () => {
    let finishSave!: () => void;
    const save = new Promise<void>((resolve) => (finishSave = resolve));
    const value = await readThrough({
      fetchFresh: async () => 'fresh',
      save: () => save,
      loadSaved: async () => undefined,
    });
    expect(value).toBe('fresh');
    finishSave();
  });

  it('falls back to the stored copy when the network fails', async () => {
    const value = await readThrough({
      fetchFresh: async () => {
        throw new TypeError('Failed to fetch');
      },
      save: async () => {},
      loadSaved: async () => 'old',
    });
    expect(value).toBe('old');
  });

  it('rethrows the network error when nothing is stored', async () => {
    await expect(
      readThrough({
        fetchFresh: async () => {
          throw new TypeError('Failed to fetch');
        },
        save: async () => {},
        loadSaved: async () => undefined,
      }),
    ).rejects.toThrow('Failed to fetch');
  });

  it('does not hide an HTTP error behind a stored copy', async () => {
    await expect(
      readThrough({
        fetchFresh: async () => {
          throw new ApiError(404, null, 'Not Found');
        },
        save: async () => {},
        loadSaved: async () => 'old',
      }),
    ).rejects.toThrow('404: Not Found');
  });

  it('still answers when storing fails (private mode, full disk)', async () => {
    const value = await readThrough({
      fetchFresh: async () => 'fresh',
      save: async () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      loadSaved: async () => undefined,
    });
    expect(value).toBe('fresh');
  });
});
