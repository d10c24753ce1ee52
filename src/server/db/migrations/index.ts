import type { Migration } from 'kysely';
import * as initial from './2026-11-21T0900-initial.ts';
import * as generation from './2026-11-21T1000-generation.ts';
import * as exportOutput from './2026-11-21T1100-export-output.ts';
import * as adminBilling from './2026-11-21T1200-admin-billing.ts';
import * as pendingExtension from './2026-11-21T1300-pending-extension.ts';
import * as uploadProject from './2026-11-23T2100-upload-project.ts';
import * as jobOwner from './2026-11-23T2200-job-owner.ts';
import * as providerVideo from './2026-11-24T0500-provider-video.ts';
import * as uploadKind from './2026-11-24T0900-upload-kind.ts';
import * as exportEditSnapshot from './2026-11-24T1200-export-edit-snapshot.ts';
import * as uploadClaimHolder from './2026-11-27T1200-upload-claim-holder.ts';
import * as jobTimings from './2026-11-27T1900-job-timings.ts';
import * as musicTrackProcessing from './2026-11-28T0900-music-track-processing.ts';
import * as mediaAssets from './2026-11-28T1200-media-assets.ts';
import * as outputDuration from './2026-11-28T1800-output-duration.ts';
import * as firstShotMedia from './2026-11-28T2000-first-shot-media.ts';
import * as speech from './2026-11-29T0900-speech.ts';
import * as shotPlacement from './2026-12-07T2100-shot-placement.ts';
import * as mediaAssetTitle from './2026-12-07T2130-media-asset-title.ts';
import * as placementRefusal from './2026-12-08T0100-placement-refusal.ts';

/** Every migration, keyed by its timestamped name. Add new ones at the end; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0900-initial': initial,
  '2026-11-21T1000-generation': generation,
  '2026-11-21T1100-export-output': exportOutput,
  '2026-11-21T1200-admin-billing': adminBilling,
  '2026-11-21T1300-pending-extension': pendingExtension,
  '2026-11-23T2100-upload-project': uploadProject,
  '2026-11-23T2200-job-owner': jobOwner,
  '2026-11-24T0500-provider-video': providerVideo,
  '2026-11-24T0900-upload-kind': uploadKind,
  '2026-11-24T1200-export-edit-snapshot': exportEditSnapshot,
  '2026-11-27T1200-upload-claim-holder': uploadClaimHolder,
  '2026-11-27T1900-job-timings': jobTimings,
  '2026-11-28T0900-music-track-processing': musicTrackProcessing,
  '2026-11-28T1200-media-assets': mediaAssets,
  '2026-11-28T1800-output-duration': outputDuration,
  '2026-11-28T2000-first-shot-media': firstShotMedia,
  '2026-11-29T0900-speech': speech,
  '2026-12-07T2100-shot-placement': shotPlacement,
  '2026-12-07T2130-media-asset-title': mediaAssetTitle,
  '2026-12-08T0100-placement-refusal': placementRefusal,
};
