// The body of a text-drawing worker thread (drawTextImages): plans an export's text pictures, writes them and posts the plan back.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import { type TextImageOptions, placed, planTextImages, rasterizeTextImages } from './overlay-images.ts';

const { editorState, options } = workerData as { editorState: EditorState; options: TextImageOptions };
const images = planTextImages(editorState, options);
await rasterizeTextImages(images);
parentPort!.postMessage({ images: placed(images), threadId });
