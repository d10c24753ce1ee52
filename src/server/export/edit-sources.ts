import path from 'node:path';
import { type EditorState, musicClips, voiceClips } from '../../shared/editor/editor-state.ts';
import type { Db } from '../db/database.ts';
import { UserFacingError } from '../jobs/plain-failures.ts';
import { listProjectMedia } from '../media/media-assets-repository.ts';
import { musicTrackKey } from '../music/music-keys.ts';
import { findPlayableTrack } from '../music/music-repository.ts';
import { ObjectNotFoundError, type Storage } from '../providers/storage/storage.ts';
import type { MusicFile } from '../render/export/music-mix.ts';
import type { EditSourceFiles } from '../render/export/render-sequence-sound.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { probeAudio } from '../render/probe-audio.ts';

/** The edit's music track was deleted, or belongs to someone else (a document copied between accounts). */
const MUSIC_UNAVAILABLE = 'The music in this edit is no longer available — choose another track in the editor.';

/** A shot's clip was deleted or is not ready (a document copied between projects, a shot still being made). */
const SHOT_UNAVAILABLE = 'A shot in this edit is not ready or no longer exists — wait for it or remove it in the editor.';

/** A voice clip's recording was deleted, is not ready, or is not one of this project's voice-overs. */
export const VOICE_UNAVAILABLE = 'A voice-over in this edit is not ready or no longer exists — wait for it or remove it in the editor.';

interface EditSourceDeps {
  db: Db;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
}

/** The project as the sources are looked up for it: its own clip is stored on its row (decision 038). */
export interface SourceProject {
  id: string;
  userId: string;
  videoKey: string;
}

/** The stored keys of everything an edit plays, checked before anything is downloaded. */
interface EditSourceKeys {
  shots: Map<string, string>;
  voice: Map<string, string>;
  tracks: Array<{ id: string; key: string }>;
}

/**
 * The stored file of each video the shots cut and each voice-over the voice lane plays, by media id: the project's
 * own clip from its row (its asset is a copy of it, decision 038), the rest from the project's ready assets of its
 * owner (read in one query); and the music lane's tracks (the library's or the owner's). Anything missing is a
 * plain failure.
 */
async function editSourceKeys(db: Db, project: SourceProject, editorState: EditorState, includeMusic: boolean): Promise<EditSourceKeys> {
  const voiceIds = [...new Set(voiceClips(editorState).map((clip) => clip.source.mediaId))];
  const needsAssets = voiceIds.length > 0 || editorState.shots.some((shot) => shot.mediaId !== project.id);
  const assets = needsAssets ? await listProjectMedia(db, project.id) : [];
  const ready = assets.filter((asset) => asset.status === 'ready' && asset.fileKey && asset.userId === project.userId);
  const videos = new Map(ready.flatMap((asset) => (asset.kind === 'video' ? [[asset.id, asset.fileKey!] as const] : [])));
  videos.set(project.id, project.videoKey);
  const shots = new Map<string, string>();
  for (const { mediaId } of editorState.shots) {
    const key = videos.get(mediaId);
    if (!key) throw new UserFacingError(SHOT_UNAVAILABLE);
    shots.set(mediaId, key);
  }
  const voices = new Map(ready.flatMap((asset) => (asset.kind === 'audio' && asset.origin === 'voice' ? [[asset.id, asset.fileKey!] as const] : [])));
  const voice = new Map<string, string>();
  for (const mediaId of voiceIds) {
    const key = voices.get(mediaId);
    if (!key) throw new UserFacingError(VOICE_UNAVAILABLE);
    voice.set(mediaId, key);
  }
  const trackIds = includeMusic ? [...new Set(musicClips(editorState).map((clip) => clip.source.trackId))] : [];
  const tracks = await Promise.all(trackIds.map((trackId) => findPlayableTrack(db, project.userId, trackId)));
  return {
    shots,
    voice,
    tracks: tracks.map((track) => {
      if (!track) throw new UserFacingError(MUSIC_UNAVAILABLE);
      return { id: track.id, key: musicTrackKey(track) };
    }),
  };
}

/** An audio file (a track, a voice-over) into `file`, and its real length (the piece an edit uses stops where the file does). */
async function downloadAudio(deps: EditSourceDeps, key: string, file: string, unavailable: string): Promise<MusicFile> {
  try {
    await deps.storage.downloadToFile(key, file);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw new UserFacingError(unavailable);
    throw error;
  }
  return { file, durationSeconds: (await probeAudio(deps.ffmpeg, file)).durationSeconds };
}

/**
 * Downloads everything a project's edit plays into `dir` (a scratch dir the caller owns and removes): every shot's
 * video, every voice-over, and with `includeMusic` every music track; what renderExport and renderSequenceSound
 * read. Everything is looked up before the first download, so a missing source fails at once with a plain
 * sentence (UserFacingError).
 */
export async function gatherEditSources(
  deps: EditSourceDeps,
  project: SourceProject,
  editorState: EditorState,
  dir: string,
  { includeMusic = true }: { includeMusic?: boolean } = {},
): Promise<Required<EditSourceFiles>> {
  const keys = await editSourceKeys(deps.db, project, editorState, includeMusic);
  const shots = new Map<string, string>();
  for (const [index, [mediaId, key]] of [...keys.shots].entries()) {
    const file = path.join(dir, `shot-source-${index}.mp4`);
    await deps.storage.downloadToFile(key, file);
    shots.set(mediaId, file);
  }
  const voice = new Map<string, MusicFile>();
  for (const [index, [mediaId, key]] of [...keys.voice].entries()) {
    voice.set(mediaId, await downloadAudio(deps, key, path.join(dir, `voice-${index}.m4a`), VOICE_UNAVAILABLE));
  }
  const music = new Map<string, MusicFile>();
  for (const [index, track] of keys.tracks.entries()) {
    music.set(track.id, await downloadAudio(deps, track.key, path.join(dir, `music-${index}.m4a`), MUSIC_UNAVAILABLE));
  }
  return { shots, voice, music };
}
