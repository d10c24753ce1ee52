import { useCallback } from 'react';
import type { Shot } from '@shared/editor/editor-state';
import type { MediaAsset } from '@shared/schemas/media';
import type { Project } from '@shared/schemas/project';
import { cn } from '@/lib/utils';
import { EditorAudioProvider, useEditorAudioSetup } from '../hooks/editor-audio';
import { useAutosave } from '../hooks/use-autosave';
import { useEditorFonts } from '../hooks/use-editor-fonts';
import { useEditorHotkeys } from '../hooks/use-editor-hotkeys';
import { usePlacedShots } from '../hooks/use-placed-shots';
import { useSequencePlayer } from '../hooks/use-sequence-player';
import { useShotsUnderVoice } from '../hooks/use-shots-under-voice';
import { useToolSheet } from '../hooks/use-tool-sheet';
import { newId } from '../lib/ids';
import type { ShotSource } from '../lib/shot-source';
import { EditorProvider, useEditor } from '../store/editor-context';
import { EditorHeader } from './editor-header';
import { ExtendingProgress } from './extend-video/extending-progress';
import { EditorPanels } from './panels/editor-panels';
import { PlayerControls } from './player/player-controls';
import { VideoStage } from './player/video-stage';
import { ToolSheet } from './tool-sheet';
import { ToolTabs } from './tool-tabs';
import { TextToolbar } from './toolbar/text-toolbar';
import { ToolbarHint } from './toolbar/toolbar-hint';

interface EditorScreenProps {
  project: Project & { videoUrl: string };
  /** The project's media: its own clip (the asset with the project's id) and every other clip its shots may cut. */
  media: readonly MediaAsset[];
}

/** The editor for one ready project; its state starts from what was saved, or the untouched clip. */
export function EditorScreen({ project, media }: EditorScreenProps) {
  const clipSeconds = media.find((asset) => asset.id === project.id)?.duration ?? project.duration;
  // Each shot is held to its own clip's length, not the project's (a longer shot placed first keeps its cut).
  const clips = Object.fromEntries(media.filter((asset) => asset.kind === 'video' && asset.status === 'ready').map((asset) => [asset.id, asset.duration]));
  return (
    <EditorProvider
      projectId={project.id}
      editorState={project.editorState}
      duration={clipSeconds}
      placedShots={project.placedShots}
      clipSeconds={clips}
      readOnly={project.status === 'generating'}
    >
      <EditorLayout project={project} media={media} />
    </EditorProvider>
  );
}

/**
 * Wide screens: panels left, player centre, text style right, all in one viewport. Narrow screens (decision 037):
 * the player as large as the screen allows over the timeline, and tabs at the bottom that open one tool at a
 * time in a sheet in the timeline's place (the text style with the Text tool).
 * While the video is extended the clip plays as before, and the tools are disabled until the longer one arrives.
 */
function EditorLayout({ project, media }: EditorScreenProps) {
  const { store, shown, dispatch, readOnly, held, editingId, setEditingId } = useEditor();
  const fonts = useEditorFonts();
  const autosave = useAutosave(project.id, store.present, store.placedShotsSeen);
  usePlacedShots(media);
  const playback = useSequencePlayer(shown.shots, useShotsUnderVoice(shown, media));
  // Every shot plays its clip's own file (a free user's watermarked copy): SPEC's proxy is the first shot's clip.
  const sourceOf = useCallback(
    (shot: Shot): ShotSource | undefined => {
      const asset = media.find((candidate) => candidate.id === shot.mediaId);
      if (!asset?.videoUrl || asset.status !== 'ready') return undefined;
      return { url: asset.videoUrl, posterUrl: asset.posterUrl ?? undefined, seconds: asset.duration };
    },
    [media],
  );
  // The first shot's sound, decoded once from the file its video and its waveform read as well.
  const firstShot = shown.shots[0];
  const editorAudio = useEditorAudioSetup(firstShot && sourceOf(firstShot)?.url, playback.clock);
  const selected = store.present.textOverlays.find((overlay) => overlay.id === store.selectedId) ?? null;
  const sheet = useToolSheet();

  useEditorHotkeys({
    togglePlay: playback.toggle,
    step: playback.step,
    split: () => {
      dispatch({ type: 'splitShot', at: playback.currentTime(), newId: newId() });
    },
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    removeSelected: () => {
      if (!selected || editingId) return false;
      dispatch({ type: 'removeOverlay', id: selected.id });
      return true;
    },
    editSelected: () => {
      if (!selected) return false;
      setEditingId(selected.id);
      return true;
    },
    deselect: () => {
      if (!selected) return false;
      dispatch({ type: 'select', id: null });
      return true;
    },
  });

  return (
    <EditorAudioProvider value={editorAudio}>
      <div data-editor-screen="" className="flex h-dvh flex-col max-lg:min-h-[40rem]">
        <EditorHeader project={project} saveStatus={autosave.status} onRetrySave={autosave.retry} />
        {project.extendingSince !== null && <ExtendingProgress since={project.extendingSince} />}
        <main className="flex min-h-0 flex-1 flex-col lg:grid lg:grid-cols-[19rem_minmax(0,1fr)_18rem] xl:grid-cols-[21rem_minmax(0,1fr)_20rem]">
          <section aria-label="Player" className="flex min-h-0 flex-1 flex-col items-center gap-3 p-4 max-lg:gap-2 max-lg:px-3 max-lg:py-2 lg:order-2">
            <VideoStage player={playback} sourceOf={sourceOf} aspectRatio={project.aspectRatio} fonts={fonts} />
            <PlayerControls playback={playback} sourceOf={sourceOf} phoneTool={sheet.open} />
          </section>
          <ToolTabs sheet={sheet} className="max-lg:order-last" />
          <ToolSheet sheet={sheet}>
            {/* While the tools are disabled nothing inside can take focus, so the scrolling columns themselves do. */}
            <aside
              aria-label="Text toolbar"
              tabIndex={held ? 0 : undefined}
              className={cn('px-4 max-lg:pt-3 lg:order-3 lg:overflow-y-auto lg:border-l lg:border-white/5 lg:py-4', sheet.open !== 'text' && 'max-lg:hidden')}
            >
              <fieldset disabled={held} className="contents">
                {selected ? <TextToolbar overlay={selected} /> : <div className="max-lg:hidden"><ToolbarHint /></div>}
              </fieldset>
            </aside>
            <aside
              aria-label="Editing tools"
              tabIndex={readOnly ? 0 : undefined}
              className="pb-8 max-lg:pb-4 lg:order-1 lg:overflow-y-auto lg:border-r lg:border-white/5 lg:pb-4"
            >
              <fieldset disabled={readOnly} className="contents">
                <EditorPanels project={project} thumbnailUrl={project.thumbnailUrl} clock={playback.clock} layout={playback.layout} sourceOf={sourceOf} phoneTool={sheet.open} />
              </fieldset>
            </aside>
          </ToolSheet>
        </main>
      </div>
    </EditorAudioProvider>
  );
}
