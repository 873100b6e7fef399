/**
 * Helpers for the back-office journeys (not a test file): users made with the CLI, calls to the API with a
 * token, and keyboard moves.
 */
import type { Page } from 'playwright-core';

export interface Account {
  email: string;
  password: string;
}

/** Signs in through the API and answers a function calling the API with that token. */
export async function apiAs(baseUrl: string, account: Account) {
  const response = await fetch(`${baseUrl}/api/account/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`token-auth answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return async <T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `JWT ${token}`,
        ...(init.json !== undefined && { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${answer.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** The data-testid of the focused element. */
export function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
}

/** Presses Tab (Shift+Tab backwards) until the element with this data-testid has the focus. */
export async function tabTo(page: Page, testId: string, options: { backwards?: boolean; max?: number } = {}) {
  for (let presses = 0; presses < (options.max ?? 120); presses++) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    if ((await focusedTestId(page)) === testId) return;
  }
  throw new Error(`the keyboard never reached ${testId}`);
}

/** The visible texts of the options of a listbox. */
export function optionTexts(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).getByRole('option').allTextContents();
}
