import type { z } from 'zod';
import { type EditorState, editorStateSchema, outputDuration, roundSeconds } from '../../../shared/editor/editor-state.ts';
import { EDITOR_DOCUMENT_VERSION } from '../../../shared/editor/editor-constants.ts';
import { validationMessage } from '../../http/validation-message.ts';
import type { Logger } from '../../logger.ts';
import { editorDocumentV1Schema, upgradeV1 } from './version-1.ts';
import { editorDocumentV2Schema, upgradeV2 } from './version-2.ts';
import { type UpgradeContext, editorDocumentV3Schema, upgradeV3 } from './version-3.ts';
import { editorDocumentV4Schema, upgradeV4 } from './version-4.ts';
import { editorDocumentV5Schema, upgradeV5 } from './version-5.ts';

export type { UpgradeContext } from './version-3.ts';

/**
 * The editor document's one codec (decision 010): every saved edit is read through `decodeEditorDocument`,
 * which upgrades any past version one version at a time to the current one, and written through
 * `encodeEditorDocument`.
 */
export type DecodedEditorDocument = { ok: true; state: EditorState } | { ok: false; reason: string };

type Step = { ok: true; document: unknown } | { ok: false; reason: string };

type Upgrade = (document: unknown, context: UpgradeContext) => Step;

/** A past version: its frozen schema, and its upgrade to the next version. */
function pastVersion<T>(schema: z.ZodType<T>, upgrade: (document: T, context: UpgradeContext) => object): Upgrade {
  return (document, context) => {
    const parsed = schema.safeParse(document);
    return parsed.success ? { ok: true, document: upgrade(parsed.data, context) } : { ok: false, reason: firstIssue(parsed.error.issues) };
  };
}

const UPGRADES: ReadonlyMap<unknown, Upgrade> = new Map([
  [1, pastVersion(editorDocumentV1Schema, upgradeV1)],
  [2, pastVersion(editorDocumentV2Schema, upgradeV2)],
  [3, pastVersion(editorDocumentV3Schema, upgradeV3)],
  [4, pastVersion(editorDocumentV4Schema, upgradeV4)],
  [5, pastVersion(editorDocumentV5Schema, upgradeV5)],
]);

/**
 * A document as a client sent it or as it was stored (parsed JSON), as today's editor state. The context is the
 * project the document belongs to: an upgrade from version 3 names its clip.
 */
export function decodeEditorDocument(document: unknown, context: UpgradeContext): DecodedEditorDocument {
  let current = document;
  for (;;) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) {
      return { ok: false, reason: 'The edit must be an object' };
    }
    // Version 1 had no version field.
    const version = 'version' in current ? current.version : 1;
    if (version === EDITOR_DOCUMENT_VERSION) {
      const parsed = editorStateSchema.safeParse(current);
      return parsed.success ? { ok: true, state: parsed.data } : { ok: false, reason: firstIssue(parsed.error.issues) };
    }
    const upgrade = UPGRADES.get(version);
    if (!upgrade) return { ok: false, reason: `Unknown editor document version ${JSON.stringify(version)}` };
    const step = upgrade(current, context);
    if (!step.ok) return step;
    current = step.document;
  }
}

function firstIssue(issues: ReadonlyArray<{ message: string; path: PropertyKey[] }>): string {
  const issue = issues[0];
  if (!issue) return 'The edit is not valid';
  return validationMessage(issue.path.map(String).join('.'), issue.message);
}

/** What a project row's column holds: nothing saved yet, a readable edit, or one that cannot be read. */
export type StoredEditorDocument =
  | { kind: 'none' }
  | { kind: 'edit'; state: EditorState }
  | { kind: 'unreadable'; reason: string };

export function readStoredEditorDocument(json: string | null, context: UpgradeContext): StoredEditorDocument {
  if (json === null || json === '') return { kind: 'none' };
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return { kind: 'unreadable', reason: 'The saved edit is not JSON' };
  }
  const decoded = decodeEditorDocument(stored, context);
  return decoded.ok ? { kind: 'edit', state: decoded.state } : { kind: 'unreadable', reason: decoded.reason };
}

/** A project's saved edit; one that cannot be read is logged with the project's id and why (the user sees only UNREADABLE_EDIT_MESSAGE). */
export function readProjectEditorDocument(project: { id: string; editorState: string | null }, logger: Logger): StoredEditorDocument {
  const stored = readStoredEditorDocument(project.editorState, { projectId: project.id });
  if (stored.kind === 'unreadable') logger.error({ projectId: project.id, reason: stored.reason }, 'a saved edit cannot be decoded');
  return stored;
}

/** The one writer: always the current version. */
export function encodeEditorDocument(state: EditorState): string {
  return JSON.stringify({ ...state, version: EDITOR_DOCUMENT_VERSION });
}

/** What a project row stores of an edit: the document, and its length on the output that the dashboard shows. */
export function editorDocumentColumns(state: EditorState): { editorState: string; outputDuration: number; firstMediaId: string | null } {
  return { editorState: encodeEditorDocument(state), outputDuration: roundSeconds(outputDuration(state)), firstMediaId: state.shots[0]?.mediaId ?? null };
}

/** What the owner reads when their saved edit cannot be opened; the reason goes to the log. */
export const UNREADABLE_EDIT_MESSAGE =
  "This project's saved edit can't be opened by this version of PromptReel. It has been kept as it was — nothing was changed or overwritten.";
