import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';

type VideoAvailability = { state: 'ready' } | { state: 'preparing'; message: string };

/** How often the editor asks again while a free user's watermarked copy is being made. */
const VIDEO_PREPARING_REFETCH_MS = 3000;

/**
 * Whether the video proxy streams the project's video yet. A free user streams a watermarked copy,
 * and for a project made before copies existed the first request starts making it: meanwhile the
 * proxy answers 409, which a <video> element would only show as a broken player. One byte tells.
 */
async function checkVideo(videoUrl: string, signal: AbortSignal): Promise<VideoAvailability> {
  const response = await fetch(videoUrl, { headers: { Range: 'bytes=0-0' }, credentials: 'include', cache: 'no-store', signal });
  if (response.ok) {
    await response.body?.cancel();
    return { state: 'ready' };
  }
  const error = new ApiError(response.status, response.statusText, (await response.text()).trim());
  if (response.status === 409) return { state: 'preparing', message: error.serverMessage };
  throw error;
}

/** Keyed by the video's own URL, which names the stored file: a new master is checked afresh. */
function videoAvailabilityQueryOptions(videoUrl: string) {
  return queryOptions({
    queryKey: [videoUrl],
    queryFn: ({ signal }) => checkVideo(videoUrl, signal),
    refetchInterval: (query) => (query.state.data?.state === 'preparing' ? VIDEO_PREPARING_REFETCH_MS : false),
  });
}

export function useVideoAvailability(videoUrl: string | null) {
  return useQuery({ ...videoAvailabilityQueryOptions(videoUrl ?? ''), enabled: videoUrl !== null });
}
