import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { outsideTheDay } from './outside-day.tsx';

const refusal = 'This event takes place on Tuesday, September 22, 2026, at the fair’s time.';

describe("the door's question outside the event's day", () => {
  it("is asked with the server's words when it refuses a check-in outside the event's day", () => {
    expect(outsideTheDay(new ApiError(409, { detail: refusal, code: 'not_event_day' }))).toBe(refusal);
  });

  it('is not asked for any other failure: they are reported as they are', () => {
    expect(outsideTheDay(new ApiError(409, { detail: 'This event has already started.' }))).toBeNull();
    expect(outsideTheDay(new ApiError(429, { detail: 'Request was throttled.' }))).toBeNull();
    expect(outsideTheDay(new Error('offline'))).toBeNull();
  });
});
