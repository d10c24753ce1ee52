import { useLocation, useSearch } from 'wouter';
import { readNewVideoPrompt } from '../lib/new-video-link';

/**
 * The prompt a link asked New Video to open with (`/dashboard?prompt=…`), and `dismiss`, which takes it
 * out of the address when the dialog closes, so a reload after that opens the dashboard as usual.
 */
export function useNewVideoLink(): { prompt: string | null; dismiss: () => void } {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const link = readNewVideoPrompt(search);
  return {
    prompt: link?.prompt ?? null,
    dismiss: () => {
      if (link) navigate(`${location}${link.remainingSearch}`, { replace: true });
    },
  };
}
