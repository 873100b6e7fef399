/**
 * Setup file of the browser journeys: a test fails when a page threw an uncaught error while it ran
 * (collected by launchBrowser, browser.ts), and a file fails for errors thrown in its hooks after the last test.
 * A failing test prints what its pages did meanwhile (the journal of browser.ts), to tell a flaky wait from a
 * broken screen.
 */
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { takePageErrors, takePageJournal } from './browser.ts';

beforeEach(({ task, onTestFailed }) => {
  takePageJournal();
  onTestFailed(() => {
    const lines = takePageJournal();
    if (lines.length > 0) console.error(`What the pages did during "${task.name}":\n${lines.join('\n')}`);
  });
});

afterEach(() => {
  expect(takePageErrors()).toEqual([]);
});

afterAll(() => {
  expect(takePageErrors()).toEqual([]);
});
