import { capitalise, clip, pick, type VideoFacts } from './video-facts.ts';

/** Short on-screen lines built from the video's subject; all fit an overlay (≤ 60 characters). */

export function hookLine(facts: VideoFacts, random: () => number): string {
  const subject = clip(facts.subject, 28);
  const options =
    facts.subject === 'scene'
      ? ['Wait for it…', 'Watch till the end', `POV: ${facts.promptGist}`, 'Nobody expected this ending']
      : [
          `Wait for the ${subject}…`,
          `POV: ${facts.promptGist}`,
          `Stop scrolling: ${subject} incoming`,
          `${capitalise(subject)} like you've never seen it`,
          `Nobody expected this ${subject}`,
          `Watch the ${subject} till the end`,
        ];
  return clip(pick(random, options), 60);
}

export function questionLine(facts: VideoFacts, random: () => number): string {
  const subject = clip(facts.subject, 28);
  const options =
    facts.subject === 'scene'
      ? ['Would you watch this for an hour?', 'Rate this from 1 to 10', 'Part 2?']
      : [
          `Where is this ${subject} going?`,
          `Rate this ${subject} from 1 to 10`,
          'Would you watch this for an hour?',
          `Part 2 with the ${subject}?`,
        ];
  return clip(pick(random, options), 60);
}

/** A post caption: the subject, the mood and a question that invites comments. */
export function postCaption(facts: VideoFacts, random: () => number): string {
  const opener = pick(random, [
    `${capitalise(facts.promptGist)}.`,
    `${capitalise(facts.look.adjective)} ${facts.subject === 'scene' ? 'vibes' : `${facts.subject} vibes`} only.`,
    `Made this ${facts.look.adjective} little moment with AI.`,
  ]);
  return `${opener} ${questionLine(facts, random)}`;
}

export function hashtags(facts: VideoFacts): string[] {
  const topical = facts.keywords.slice(0, 3).map((word) => `#${word}`);
  const moodTag = { noir: '#moody', nostalgic: '#nostalgia', dreamy: '#dreamy', energetic: '#hype', warm: '#goldenhour', calm: '#calm', neutral: '#cinematic' }[facts.mood];
  const platformTags =
    facts.aspectRatio === '9:16' ? ['#fyp', '#shorts'] : facts.aspectRatio === '16:9' ? ['#youtube'] : ['#reels'];
  return [...new Set([...topical, moodTag, '#aivideo', ...platformTags])].slice(0, 6);
}
