import type { FastifyBaseLogger } from 'fastify';
import { captionsToSrt, captionsToVtt } from '../../shared/captions/caption-files.ts';
import { heardCaptions } from '../../shared/captions/voice-captions.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/http-error.ts';
import { readProjectEditorDocument } from '../projects/editor-document/editor-document.ts';
import { findUserProject } from '../projects/projects-repository.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';

export const NO_CAPTIONS = 'This project has no captions';

export type CaptionFileFormat = 'srt' | 'vtt';

const WRITERS = { srt: captionsToSrt, vtt: captionsToVtt } as const;
export const CAPTION_CONTENT_TYPES: Record<CaptionFileFormat, string> = { srt: 'application/x-subrip', vtt: 'text/vtt; charset=utf-8' };

/** A project's title as a file name: lower case, words joined by hyphens, at most 60 characters. */
export function titleSlug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'video';
}

/**
 * The captions of the caller's project's saved edit as an SRT or WebVTT file, and the name it is downloaded under.
 * Someone else's project, and an edit without captions (or unreadable), are 404s.
 */
export async function captionFile(
  db: Db,
  logger: FastifyBaseLogger,
  userId: string,
  projectId: string,
  format: CaptionFileFormat,
): Promise<{ body: string; fileName: string }> {
  const project = await findUserProject(db, userId, projectId);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  const stored = readProjectEditorDocument(project, logger);
  const lines = stored.kind === 'edit' ? (heardCaptions(stored.state)?.lines ?? []) : [];
  if (lines.length === 0) throw notFound(NO_CAPTIONS);
  return { body: WRITERS[format](lines), fileName: `${titleSlug(project.title)}.${format}` };
}
