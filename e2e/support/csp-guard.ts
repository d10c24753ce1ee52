import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser.ts';

// Every e2e test doubles as a check that the app runs under its own Content-Security-Policy.
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
