import { type EditorState, editorStateSchema } from '../../../shared/editor/editor-state.ts';
import { EDITOR_DOCUMENT_VERSION } from '../../../shared/editor/editor-constants.ts';
import { validationMessage } from '../../http/validation-message.ts';
import { editorDocumentV1Schema, upgradeV1 } from './version-1.ts';

/**
 * The editor document's one codec (decision 010): every saved edit is read through `decodeEditorDocument`,
 * which upgrades any past version to the current one, and written through `encodeEditorDocument`.
 */
export type DecodedEditorDocument =
  | { ok: true; state: EditorState; upgradedFrom?: number }
  | { ok: false; reason: string };

function versionOf(document: object): unknown {
  return 'version' in document ? document.version : 1;
}

/** A document as a client sent it or as it was stored (parsed JSON), as today's editor state. */
export function decodeEditorDocument(document: unknown): DecodedEditorDocument {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return { ok: false, reason: 'The edit must be an object' };
  }
  const version = versionOf(document);
  if (version === 1) {
    const parsed = editorDocumentV1Schema.safeParse(document);
    if (!parsed.success) return { ok: false, reason: firstIssue(parsed.error.issues) };
    return check(upgradeV1(parsed.data), 1);
  }
  if (version === EDITOR_DOCUMENT_VERSION) return check(document, undefined);
  return { ok: false, reason: `Unknown editor document version ${JSON.stringify(version)}` };
}

function check(candidate: unknown, upgradedFrom: number | undefined): DecodedEditorDocument {
  const parsed = editorStateSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, reason: firstIssue(parsed.error.issues) };
  return upgradedFrom === undefined ? { ok: true, state: parsed.data } : { ok: true, state: parsed.data, upgradedFrom };
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

export function readStoredEditorDocument(json: string | null): StoredEditorDocument {
  if (json === null || json === '') return { kind: 'none' };
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return { kind: 'unreadable', reason: 'The saved edit is not JSON' };
  }
  const decoded = decodeEditorDocument(stored);
  return decoded.ok ? { kind: 'edit', state: decoded.state } : { kind: 'unreadable', reason: decoded.reason };
}

/** The one writer: always the current version. */
export function encodeEditorDocument(state: EditorState): string {
  return JSON.stringify({ ...state, version: EDITOR_DOCUMENT_VERSION });
}

/** What the owner reads when their saved edit cannot be opened; the reason goes to the log. */
export const UNREADABLE_EDIT_MESSAGE =
  "This project's saved edit can't be opened by this version of PromptReel. It has been kept as it was — nothing was changed or overwritten.";
