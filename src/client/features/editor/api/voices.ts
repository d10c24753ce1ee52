import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mediaListResponseSchema, mediaResponseSchema, type MediaAsset } from '@shared/schemas/media';
import { voiceoverScriptResponseSchema, voicesResponseSchema, type VoiceListing, type VoiceoverRequest } from '@shared/schemas/speech';
import { apiRequest } from '@/lib/api';
import { pause } from '@/lib/pause';
import { currentUserQueryKey } from './get-current-user';
import { projectMediaKey } from './get-project-media';

/** How often a voice-over being made is asked about: a short script takes a few seconds. */
const VOICEOVER_POLL_MS = 1000;

/** The server could not make the voice-over: `message` is its sentence for the creator (credits are refunded). */
class VoiceoverError extends Error {
  override name = 'VoiceoverError';
}

/** GET /api/voices: the voices this server speaks with, each with a short sample. */
export function useVoices() {
  return useQuery({
    queryKey: ['/api/voices'],
    queryFn: async (): Promise<VoiceListing[]> => voicesResponseSchema.parse(await (await apiRequest('GET', '/api/voices')).json()).voices,
    staleTime: Infinity,
  });
}

/**
 * POST /api/projects/{id}/voiceovers (answered at once, the voice-over still generating), then the project's media
 * list every second until it is ready; the media list and the balance are read again after.
 */
export function useCreateVoiceover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ projectId, request, signal }: { projectId: string; request: VoiceoverRequest; signal: AbortSignal }): Promise<MediaAsset> => {
      const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/voiceovers`, request);
      const { id } = mediaResponseSchema.parse(await response.json()).media;
      for (;;) {
        await pause(VOICEOVER_POLL_MS, signal);
        const listed = await apiRequest('GET', `/api/projects/${encodeURIComponent(projectId)}/media`);
        const asset = mediaListResponseSchema.parse(await listed.json()).media.find((candidate) => candidate.id === id);
        if (!asset) throw new VoiceoverError('The voice-over was deleted before it was ready.');
        if (asset.status === 'error') throw new VoiceoverError(asset.message ?? 'The voice-over could not be made.');
        if (asset.status === 'ready') return asset;
      }
    },
    onSettled: (_media, _error, input) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: currentUserQueryKey }), queryClient.invalidateQueries({ queryKey: projectMediaKey(input.projectId) })]),
  });
}

/** POST /api/projects/{id}/voiceovers/script: the text model's script for the saved edit, sized to its length (free, decision 046). */
export function useDraftVoiceoverScript() {
  return useMutation({
    mutationFn: async (projectId: string): Promise<string> => {
      const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/voiceovers/script`);
      return voiceoverScriptResponseSchema.parse(await response.json()).script;
    },
  });
}
