// The body of a text-drawing worker thread (drawTextImages): plans an export's text pictures and writes them.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import { type TextImageOptions, planTextImages, rasterizeTextImages } from './overlay-images.ts';

const { editorState, options } = workerData as { editorState: EditorState; options: TextImageOptions };
await rasterizeTextImages(planTextImages(editorState, options));
parentPort!.postMessage({ threadId });
