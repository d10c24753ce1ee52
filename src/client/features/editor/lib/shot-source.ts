import type { Shot } from '@shared/editor/editor-state';

/** Where a shot's clip plays from, the poster shown before it loads, and the clip's whole length. */
export interface ShotSource {
  url: string;
  posterUrl?: string;
  seconds: number;
}

/** The clip a shot cuts, or undefined while the project's media list does not have it (deleted, still loading). */
export type ShotSourceOf = (shot: Shot) => ShotSource | undefined;
