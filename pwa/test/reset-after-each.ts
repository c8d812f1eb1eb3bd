// Shared clean-up for screen tests that fake timers, stub globals and spy: one call registers the afterEach. Not
// part of the app bundle.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from './test-utils';

/**
 * Registers an afterEach that dismisses the toasts, unmounts the rendered app, returns to real timers and undoes
 * every `vi.stubGlobal` and `vi.spyOn`, so no test leaks into the next. Call it once at the top of a test file.
 */
export function resetAfterEach() {
  afterEach(() => {
    clearToasts();
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
