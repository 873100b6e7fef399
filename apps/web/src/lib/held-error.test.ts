import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { describeError, heldError, isChunkLoadError, isUnexpectedFailure } from './held-error.ts';

describe('held error message', () => {
  it('holds network and server failures and app errors, not answers the user caused', () => {
    expect(isUnexpectedFailure(new ApiError(0, { detail: 'Failed to fetch' }))).toBe(true);
    expect(isUnexpectedFailure(new ApiError(500, { detail: 'boom' }))).toBe(true);
    expect(isUnexpectedFailure(new ApiError(503, {}))).toBe(true);
    expect(isUnexpectedFailure(new TypeError('x is undefined'))).toBe(true);
    expect(isUnexpectedFailure(new ApiError(400, { email: ['E-mail not valid'] }))).toBe(false);
    expect(isUnexpectedFailure(new ApiError(401, { detail: 'no' }))).toBe(false);
    expect(isUnexpectedFailure(new ApiError(404, { detail: 'Not found.' }))).toBe(false);
    expect(isUnexpectedFailure(new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('names chunk failures as the specification does (ChunkLoadError, CSS_CHUNK_LOAD_FAILED)', () => {
    const script = new TypeError('Failed to fetch dynamically imported module: /assets/home-1.js');
    const css = new Error('Unable to preload CSS for /assets/home-1.css');
    expect(isChunkLoadError(script)).toBe(true);
    expect(describeError(script)).toBe(
      'ChunkLoadError: Failed to fetch dynamically imported module: /assets/home-1.js',
    );
    expect(describeError(css)).toBe('CSS_CHUNK_LOAD_FAILED: Unable to preload CSS for /assets/home-1.css');
    expect(describeError(new ApiError(502, { detail: 'Bad gateway' }))).toBe('Bad gateway (HTTP 502)');
  });

  it('is cleared by a layout mounting later, but not when held after the layout mounted', () => {
    heldError.hold(new Error('before'));
    const mountedAt = performance.now() + 1;
    heldError.clearHeldBefore(mountedAt);
    expect(heldError.get()).toBeNull();

    const mounting = performance.now();
    heldError.hold(new Error('while mounting'));
    heldError.clearHeldBefore(mounting);
    expect(heldError.get()?.message).toBe('Error: while mounting');
    heldError.clear();
    expect(heldError.get()).toBeNull();
  });
});
