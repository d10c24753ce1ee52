export { ensureMusicLibrary, type MusicLibraryDeps } from './ensure-music-library.ts';
