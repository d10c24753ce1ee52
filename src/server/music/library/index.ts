export { ensureMusicLibrary } from './ensure-music-library.ts';
