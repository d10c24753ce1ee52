import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { IMAGE_MODELS, type ImageModelName, SUGGESTION_COST, type Suggestion, type VideoContext } from '../../shared/schemas/ai.ts';
import { findUserById } from '../auth/users-repository.ts';
import { refundCredits, spendCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, badRequest, conflict } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import { listProjectMedia } from '../media/media-assets-repository.ts';
import { defaultEditorState } from '../../shared/editor/editor-state.ts';
import { decodeEditorDocument } from '../projects/editor-document/editor-document.ts';
import type { ProjectsService } from '../projects/projects-service.ts';
import type { ImageModel } from '../providers/image-model/image-model.ts';
import { pngSize } from '../providers/image-model/png-info.ts';
import { type Storage, storageKey } from '../providers/storage/storage.ts';
import { type ModelCatalog, logModelNotFound } from '../providers/catalog/model-catalog.ts';
import { ModelNotFoundError } from '../providers/model-not-found.ts';
import { AiModelError, type TextModel } from '../providers/text-model/text-model.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { fitPngToSize } from '../render/image-operations.ts';
import { applySuggestion } from './apply-suggestion.ts';
import { scriptContext } from './script-context.ts';
import { sameEdit, usefulSuggestions } from './useful-suggestions.ts';

interface AiServiceDeps {
  db: Db;
  ffmpeg: FfmpegBinaries;
  storage: Storage;
  textModel: TextModel;
  imageModels: Record<ImageModelName, ImageModel>;
  projects: ProjectsService;
  logger: Logger;
  /** Told when a provider no longer knows a configured model (the admin's Providers panel and the log). */
  catalog?: Pick<ModelCatalog, 'reportNotFound'>;
  now?: () => Date;
}

const TEXT_UNAVAILABLE = 'The AI assistant is unavailable right now. Please try again later.';
const IMAGE_UNAVAILABLE = 'Image generation with this model is unavailable right now. Please try again later.';

export function imageKey(userId: string, imageId: string): string {
  return storageKey('images', userId, `${imageId}.png`);
}

export function createAiService({ db, ffmpeg, storage, textModel, imageModels, projects, logger, catalog, now = () => new Date() }: AiServiceDeps) {
  /**
   * Model failures become answers the toast can show; a model the provider no longer knows is a 503 (the
   * operator must set another, and the catalog's log line says which variable); anything else stays a 500.
   */
  function asHttpError(error: unknown, role: 'text' | 'image' | 'image-openai' = 'text'): unknown {
    if (error instanceof AiModelError) return new HttpError(error.status, error.message);
    if (error instanceof ModelNotFoundError) {
      if (catalog) catalog.reportNotFound(role, error, logger);
      else logModelNotFound(logger, role, error);
      return new HttpError(503, role === 'text' ? TEXT_UNAVAILABLE : IMAGE_UNAVAILABLE);
    }
    return error;
  }

  /** `trx` is the charge's transaction when there is one: reading beside it would wait for it on SQLite. */
  async function insufficient(trx: Db, user: UserRow, cost: number, what: string): Promise<never> {
    const balance = (await findUserById(trx, user.id))?.credits ?? 0;
    throw new HttpError(402, `Insufficient credits. ${what} costs ${cost} credits and you have ${balance}. Upgrade to Pro for unlimited.`);
  }

  async function inspire(): Promise<string> {
    return textModel.inspirePrompt().catch((error: unknown) => Promise.reject(asHttpError(error)));
  }

  /** Charges the model's price first and gives it back if the image cannot be made. */
  async function generateImage(user: UserRow, prompt: string, model: ImageModelName): Promise<string> {
    const { credits, width, height } = IMAGE_MODELS[model];
    const charged = await db.transaction().execute((trx) => spendCredits(trx, user, credits, 'image', null, now()));
    if (charged === null) await insufficient(db, user, credits, 'This image');
    try {
      const answered = await imageModels[model].generate({ prompt, width, height, quality: model === 'dall-e-3-hd' ? 'hd' : 'standard' });
      const size = pngSize(answered);
      const png = size?.width === width && size.height === height ? answered : await fitPngToSize(ffmpeg, answered, width, height);
      const id = randomUUID();
      const key = imageKey(user.id, id);
      await storage.putStream(key, Readable.from(png), { contentType: 'image/png' });
      return `/api/images/${id}`;
    } catch (error) {
      await db.transaction().execute((trx) => refundCredits(trx, user.id, charged ?? 0, 'image-refund', null, now()));
      logger.warn({ err: error, model }, 'image generation failed; credits refunded');
      throw asHttpError(error, model === 'gemini-2.5-flash-image' ? 'image' : 'image-openai');
    }
  }

  async function assistant(message: string, context: VideoContext): Promise<string> {
    return textModel.assistantReply(message, context).catch((error: unknown) => Promise.reject(asHttpError(error)));
  }

  async function suggest(context: VideoContext): Promise<Suggestion[]> {
    const suggestions = await textModel.suggestImprovements(context).catch((error: unknown) => Promise.reject(asHttpError(error)));
    return usefulSuggestions(suggestions, context);
  }

  /**
   * A voice-over script for the project's saved edit, sized to its output's length (decision 046: free, like the
   * assistant and the suggestions; the creator pays when the script is spoken).
   */
  async function draftVoiceoverScript(user: UserRow, projectId: string): Promise<string> {
    const project = await projects.get(user, projectId);
    if (project.editorStateError) throw conflict(project.editorStateError);
    const state = project.editorState ?? defaultEditorState(project.id, project.duration);
    const context = scriptContext(project, state, await listProjectMedia(db, project.id));
    if (context.seconds <= 0) throw conflict('The video is not ready yet: a script is sized to its length.');
    return textModel.draftVoiceoverScript(context).catch((error: unknown) => Promise.reject(asHttpError(error)));
  }

  /**
   * The edit with a suggestion applied, and whether applying it is free: applied to the edit on screen, or
   * repeated after its result was saved, it changes nothing. `document` is the edit the creator sees, of any
   * version the codec reads (SPEC §7's shape, with no version, is version 1), upgraded for this project.
   */
  async function appliedEdit(user: UserRow, projectId: string, suggestion: Suggestion, document: unknown) {
    const project = await projects.get(user, projectId);
    const decoded = decodeEditorDocument(document, { projectId: project.id });
    if (!decoded.ok) throw badRequest(decoded.reason);
    const current = decoded.state;
    // Each shot is cut within its own clip (the project's `duration` is the output's length).
    const clips = Object.fromEntries((await listProjectMedia(db, project.id)).filter((asset) => asset.kind === 'video' && asset.status === 'ready').map((asset) => [asset.id, asset.duration]));
    const applied = applySuggestion(suggestion, current, { title: project.title, duration: clips[project.id] ?? project.duration, clips }, randomUUID);
    const saved = project.editorState;
    // Keeping the saved state (not an equal one) keeps its overlays' ids.
    const editorState = saved && sameEdit(applied, saved) ? saved : applied;
    return { editorState, free: editorState === saved || sameEdit(applied, current) };
  }

  /**
   * What auto-apply would make of the edit and what keeping it would cost (decision 036), refused as auto-apply
   * would refuse it; nothing is saved or charged.
   */
  async function previewAutoApply(user: UserRow, projectId: string, suggestion: Suggestion, document: unknown) {
    const { editorState, free } = await appliedEdit(user, projectId, suggestion, document);
    await projects.checkEditorState(user, projectId, editorState);
    return { editorState, credits: free || user.subscription === 'pro' ? 0 : SUGGESTION_COST };
  }

  /**
   * Applies a suggestion to the edit and saves the result by the projects' one save path (PATCH's
   * rules). It costs 10 credits (pro: free), charged in the save's transaction and only when the edit
   * changes.
   */
  async function autoApply(user: UserRow, projectId: string, suggestion: Suggestion, document: unknown) {
    const { editorState, free } = await appliedEdit(user, projectId, suggestion, document);
    if (free) {
      await projects.saveEditorState(user, projectId, editorState);
      return { editorState, creditsUsed: 0 };
    }
    let creditsUsed = 0;
    await projects.saveEditorState(user, projectId, editorState, async (trx) => {
      const charged = await spendCredits(trx, user, SUGGESTION_COST, 'suggestion', projectId, now());
      if (charged === null) await insufficient(trx, user, SUGGESTION_COST, 'Applying a suggestion');
      creditsUsed = charged ?? 0;
    });
    return { editorState, creditsUsed };
  }

  return { inspire, generateImage, assistant, suggest, draftVoiceoverScript, previewAutoApply, autoApply };
}

export type AiService = ReturnType<typeof createAiService>;
