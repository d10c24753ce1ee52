import { FileQuestion, LoaderCircle, Lock, TriangleAlert } from 'lucide-react';
import { PageSpinner } from '@/components/page-spinner';
import { TextLink } from '@/components/text-link';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useLoginHref } from '@/features/auth/hooks/use-login-href';
import { useProject } from '@/features/editor/api/get-project';
import { useProjectMedia } from '@/features/editor/api/get-project-media';
import { useVideoAvailability } from '@/features/editor/api/get-video-availability';
import { EditorScreen } from '@/features/editor/components/editor-screen';
import { EditorStatus } from '@/features/editor/components/editor-status';
import { editorSessionKey } from '@/features/editor/lib/editor-session';
import { ApiError, errorMessage } from '@/lib/api';

const statusIcon = 'size-10 text-muted-foreground';

export function EditorPage({ params }: { params: { id: string } }) {
  const { isLoading: userLoading } = useAuth();
  const loginHref = useLoginHref();
  const project = useProject(params.id);
  const media = useProjectMedia(params.id, { enabled: Boolean(project.data?.videoUrl) });
  // A video being extended is still there to watch: the editor stays open on it.
  const video = useVideoAvailability(project.data?.videoUrl ?? null);

  if (project.isLoading || userLoading) return <PageSpinner />;

  if (project.error) {
    const status = project.error instanceof ApiError ? project.error.status : 0;
    if (status === 401) {
      return (
        <EditorStatus icon={<Lock className={statusIcon} aria-hidden />} title="You're signed out">
          <TextLink href={loginHref}>Log in</TextLink> to edit your videos.
        </EditorStatus>
      );
    }
    if (status === 404) return <EditorStatus icon={<FileQuestion className={statusIcon} aria-hidden />} title="Project not found" />;
    return (
      <EditorStatus icon={<TriangleAlert className={statusIcon} aria-hidden />} title="The project could not be loaded">
        {errorMessage(project.error, 'Please try again.')}
      </EditorStatus>
    );
  }

  const data = project.data;
  if (!data) return <PageSpinner />;
  const uploaded = data.source === 'upload';
  if (data.status === 'error') {
    return (
      <EditorStatus icon={<TriangleAlert className={statusIcon} aria-hidden />} title={uploaded ? 'Upload failed' : 'Video generation failed'}>
        {data.errorMessage ?? 'This video could not be made.'}
      </EditorStatus>
    );
  }
  if (!data.videoUrl) {
    return (
      <EditorStatus
        icon={<LoaderCircle className={`${statusIcon} animate-spin`} aria-hidden />}
        title={uploaded ? 'Processing video...' : 'Video is being generated'}
      >
        The editor opens once the video is ready. The dashboard shows its progress.
      </EditorStatus>
    );
  }

  // The editor never opens over a saved edit it cannot read: its first autosave would replace it.
  if (data.editorStateError) {
    return (
      <EditorStatus icon={<TriangleAlert className={statusIcon} aria-hidden />} title="This edit can't be opened">
        {data.editorStateError}
      </EditorStatus>
    );
  }

  if (video.error) {
    return (
      <EditorStatus icon={<TriangleAlert className={statusIcon} aria-hidden />} title="The video could not be loaded">
        {errorMessage(video.error, 'Please try again.')}
      </EditorStatus>
    );
  }
  if (!video.data) return <PageSpinner />;
  if (video.data.state === 'preparing') {
    return (
      <EditorStatus icon={<LoaderCircle className={`${statusIcon} animate-spin`} aria-hidden />} title="Preparing your video…">
        {video.data.message} The editor opens by itself when it is ready.
      </EditorStatus>
    );
  }

  if (media.error) {
    return (
      <EditorStatus icon={<TriangleAlert className={statusIcon} aria-hidden />} title="The project's media could not be loaded">
        {errorMessage(media.error, 'Please try again.')}
      </EditorStatus>
    );
  }
  if (!media.data) return <PageSpinner />;

  // A free user's video has the watermark burned in (the copy the proxy streams), so the page draws none.
  return <EditorScreen key={editorSessionKey(data)} project={{ ...data, videoUrl: data.videoUrl }} media={media.data} />;
}
