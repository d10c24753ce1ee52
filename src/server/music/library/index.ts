export { createRenderMusicLibraryJob, queueMissingLibraryTracks } from './render-music-library-job.ts';
