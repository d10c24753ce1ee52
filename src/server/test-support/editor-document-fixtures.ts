import fs from 'node:fs';
import path from 'node:path';
import { EDITOR_DOCUMENT_VERSION } from '../../shared/editor/editor-constants.ts';

/** Saved edits exactly as each version of the editor wrote them (src/server/projects/editor-document/fixtures). */
export function editorDocumentFixture(version: number): string {
  return fs.readFileSync(path.join(import.meta.dirname, '../projects/editor-document/fixtures', `version-${version}.json`), 'utf8');
}

/** 1 … the current version: a test over these covers every document a user may have saved. */
export const EDITOR_DOCUMENT_VERSIONS = Array.from({ length: EDITOR_DOCUMENT_VERSION }, (_, index) => index + 1);
