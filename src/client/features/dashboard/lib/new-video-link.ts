import { takeSearchParam } from './search-param';

const PROMPT_PARAM = 'prompt';

/**
 * The dashboard with the New Video dialog open and `prompt` in it: where the examples page's Use This
 * Prompt leads (through sign-up when signed out). In the address, so a reload or a sign-up keeps it.
 */
export function newVideoPath(prompt: string): string {
  return `/dashboard?${new URLSearchParams({ [PROMPT_PARAM]: prompt }).toString()}`;
}

export interface NewVideoLink {
  prompt: string;
  /** The query string without the prompt, for when the dialog closes. */
  remainingSearch: string;
}

/** The prompt the address asks New Video to open with, or null. */
export function readNewVideoPrompt(search: string): NewVideoLink | null {
  const { value, remainingSearch } = takeSearchParam(search, PROMPT_PARAM);
  const prompt = value?.trim();
  return prompt ? { prompt, remainingSearch } : null;
}
