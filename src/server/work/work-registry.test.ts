import { describe, expect, it } from 'vitest';
import { createJobDefinitions } from '../job-definitions.ts';
import type { JobName } from '../jobs/job-registry.ts';
import { featureWork, upkeepJobs } from './feature-work.ts';

/** Every job kind the app runs: its handlers are a mapped type over the job-name type, so each kind has one. */
const jobKinds = Object.keys(createJobDefinitions({ examples: {}, musicLibrary: [] } as never)) as JobName[];

describe('the work registry', () => {
  it('knows the job kinds', () => {
    expect(jobKinds).toContain('make-captions');
    expect(jobKinds.length).toBeGreaterThan(10);
  });

  it('has every job kind in a feature’s entry or in the upkeep list, so the cap, the sweep and deletion see it', () => {
    const declared = new Set([...featureWork.flatMap((work) => work.jobs), ...upkeepJobs]);
    expect(jobKinds.filter((kind) => !declared.has(kind))).toEqual([]);
  });

  it('sweeps every feature’s unfinished work at restart', () => {
    expect(featureWork.filter((work) => !work.requeueUnfinished).map((work) => work.jobs)).toEqual([]);
  });

  it('names no kind as upkeep that a feature also owns', () => {
    const owned = new Set(featureWork.flatMap((work) => work.jobs));
    expect(upkeepJobs.filter((kind) => owned.has(kind))).toEqual([]);
  });
});
