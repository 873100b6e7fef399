/**
 * Setup file of the browser journeys: a test fails when a page threw an uncaught error while it ran
 * (collected by launchBrowser, browser.ts), and a file fails for errors thrown in its hooks after the last test.
 */
import { afterAll, afterEach, expect } from 'vitest';
import { takePageErrors } from './browser.ts';

afterEach(() => {
  expect(takePageErrors()).toEqual([]);
});

afterAll(() => {
  expect(takePageErrors()).toEqual([]);
});
