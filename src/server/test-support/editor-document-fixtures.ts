import fs from 'node:fs';
import path from 'node:path';
import { EDITOR_DOCUMENT_VERSION } from '../../shared/editor/editor-constants.ts';

/** The project the version 4 fixture's shots name (its own clip's media asset): editorDocumentFixture puts the test's in. */
const FIXTURE_PROJECT_ID = 'fixture-project';

/** The voice-over the fixtures of version 5 on place on the voice lane: editorDocumentFixture names one of the test's project. */
const FIXTURE_VOICE_ID = 'fixture-voice';

/**
 * Saved edits exactly as each version of the editor wrote them (src/server/projects/editor-document/fixtures),
 * for the project `projectId` (from version 4 on, its shots name its clip; from version 5 on, its voice lane plays
 * `fixtureVoiceId(projectId)`, which a test that saves the edit adds as a ready voice-over of the project).
 */
export function editorDocumentFixture(version: number, projectId = FIXTURE_PROJECT_ID): string {
  const json = fs.readFileSync(path.join(import.meta.dirname, '../projects/editor-document/fixtures', `version-${version}.json`), 'utf8');
  return json.replaceAll(`"${FIXTURE_PROJECT_ID}"`, JSON.stringify(projectId)).replaceAll(`"${FIXTURE_VOICE_ID}"`, JSON.stringify(fixtureVoiceId(projectId)));
}

/** The media id of the voice-over a fixture for `projectId` places (one per project: media ids are unique). */
export function fixtureVoiceId(projectId: string): string {
  return projectId === FIXTURE_PROJECT_ID ? FIXTURE_VOICE_ID : `${projectId}-voice`;
}

/** 1 … the current version: a test over these covers every document a user may have saved. */
export const EDITOR_DOCUMENT_VERSIONS = Array.from({ length: EDITOR_DOCUMENT_VERSION }, (_, index) => index + 1);
