import type { Suggestion, VideoContext } from '../../../shared/schemas/ai.ts';
import type { ColorGrading } from '../../../shared/editor/editor-state.ts';
import { hookLine, questionLine } from './hook-lines.ts';
import { audioExample, gradeExample, trimExample } from '../../../shared/ai/suggestion-examples.ts';
import { clip, pick, seconds, videoFacts, type VideoFacts } from './video-facts.ts';

/** Overlays centred below this (percent from the top) are not in the top third where hooks belong. */
const TOP_THIRD = 35;
const MIN_READABLE_FONT = 40;
const MIN_READABLE_OUTLINE = 2;
/** Clips longer than this lose viewers; trim suggestions aim below it. */
const SNAPPY_SECONDS = 15;

type Candidate = Suggestion & { priority: number };

/**
 * 3–5 suggestions for this video, each something auto-apply can do, most useful first. Rules read the
 * context (overlays, effect, trim, grade, prompt mood); `random` only varies the wording and examples.
 */
export function offlineSuggestions(context: VideoContext, random: () => number): Suggestion[] {
  const facts = videoFacts(context);
  const candidates = [
    overlaySuggestion(facts, random),
    effectSuggestion(facts),
    trimSuggestion(facts),
    gradeSuggestion(facts),
    audioSuggestion(facts, random),
  ].filter((candidate) => candidate !== undefined);
  const fillers = [fineTuneGrade(facts), alternativeEffect(facts), commentPrompt(facts, random)];
  for (const filler of fillers) {
    if (candidates.length >= 3) break;
    if (filler && !candidates.some((candidate) => candidate.title === filler.title)) candidates.push(filler);
  }
  return candidates
    .sort((a, b) => b.priority - a.priority)
    .slice(0, 5)
    .map((candidate) => ({
      type: candidate.type,
      title: clip(candidate.title, 120),
      description: clip(candidate.description, 600),
      ...(candidate.example ? { example: clip(candidate.example, 300) } : {}),
    }));
}

function overlaySuggestion(facts: VideoFacts, random: () => number): Candidate {
  const where = facts.vertical ? `clear of the ${facts.platform} buttons and captions` : 'where the eye lands first';
  if (facts.overlays.length === 0) {
    return {
      priority: 100,
      type: 'text-overlay',
      title: 'Add a hook in the first second',
      description:
        `Nothing on screen tells viewers why to keep watching ${facts.titleRef}. Put a short hook in the top third — ` +
        `bold white Impact text with a thick black outline — so it reads over the ${facts.subject} and sits ${where}.`,
      example: hookLine(facts, random),
    };
  }
  const hard = facts.overlays.find(
    (overlay) => overlay.fontSize < MIN_READABLE_FONT || overlay.outline.thickness < MIN_READABLE_OUTLINE,
  );
  if (hard) {
    const text = clip(hard.text || 'your overlay', 40);
    return {
      priority: 85,
      type: 'text-overlay',
      title: `Make “${clip(text, 30)}” easier to read`,
      description:
        `At ${hard.fontSize} px with a ${hard.outline.thickness} px outline, “${text}” gets lost on busy or bright frames ` +
        `and on small phone screens. Use 56 px or more with a 4 px black outline.`,
      example: hard.text ? clip(hard.text, 60) : hookLine(facts, random),
    };
  }
  if (!facts.overlays.some((overlay) => overlay.position.y <= TOP_THIRD)) {
    const first = facts.overlays[0];
    const text = clip(first?.text || 'your text', 40);
    return {
      priority: 80,
      type: 'text-overlay',
      title: 'Move the hook to the top third',
      description:
        `“${text}” sits ${Math.round(first?.position.y ?? 50)}% down the frame. A short hook in the top third ` +
        `(about 20% from the top, bold outline) is read before anything else and stays ${where}.`,
      example: hookLine(facts, random),
    };
  }
  return commentPrompt(facts, random);
}

function commentPrompt(facts: VideoFacts, random: () => number): Candidate {
  return {
    priority: 30,
    type: 'text-overlay',
    title: 'Ask viewers a question',
    description:
      `Your hook is in place. A second line in the lower third that asks something about the ${facts.subject} ` +
      'gives people a reason to comment, and comments push the video to more feeds.',
    example: questionLine(facts, random),
  };
}

function effectSuggestion(facts: VideoFacts): Candidate | undefined {
  const { look } = facts;
  if (facts.effect === 'none') {
    return {
      priority: 70,
      type: 'effect',
      title: `Try the ${look.effect} effect`,
      description: `The clip has no effect yet. For a ${look.adjective} video about the ${facts.subject}, ${look.effectReason}.`,
      example: look.effect,
    };
  }
  if (facts.effect === 'blur' && facts.mood !== 'dreamy') {
    return {
      priority: 75,
      type: 'effect',
      title: 'Swap the blur for a sharper look',
      description:
        `Blur softens the whole frame, so the ${facts.subject} loses its detail on a phone screen. ` +
        `For this ${look.adjective} clip ${look.effectReason}.`,
      example: look.effect,
    };
  }
  return undefined;
}

function alternativeEffect(facts: VideoFacts): Candidate | undefined {
  const alternative = facts.effect === facts.look.effect ? 'none' : facts.look.effect;
  if (alternative === facts.effect) return undefined;
  return {
    priority: 20,
    type: 'effect',
    title: alternative === 'none' ? 'Compare without the effect' : `Compare with ${alternative}`,
    description:
      alternative === 'none'
        ? `You are using ${facts.effect}. Check the clean version too: generated footage often looks best untouched, with only a grade.`
        : `You are using ${facts.effect}. For the ${facts.look.adjective} feel of this prompt, ${facts.look.effectReason}.`,
    example: alternative,
  };
}

function trimSuggestion(facts: VideoFacts): Candidate | undefined {
  const base = facts.trim?.start ?? 0;
  const played = facts.playedSeconds;
  if (played > SNAPPY_SECONDS) {
    const keep = Math.min(SNAPPY_SECONDS, Math.max(7, Math.round(played * 0.5)));
    const start = base + Math.min(1, Math.round(played * 0.05 * 10) / 10);
    return {
      priority: 90,
      type: 'trim',
      title: `Trim to the strongest ${keep} seconds`,
      description:
        `At ${seconds(played)} the clip is long for ${facts.platform}; most viewers decide in the first seconds. ` +
        `Keep about ${keep} seconds, start on movement and end before the action settles, so it loops cleanly.`,
      example: trimExample(start, start + keep),
    };
  }
  if (base === 0 && played > 4) {
    const end = facts.trim?.end ?? facts.duration;
    return {
      priority: 50,
      type: 'trim',
      title: 'Start on the action',
      description:
        `Generated clips often open with a slow half-second before the ${facts.subject} moves. Cutting it makes the ` +
        `first frame feel like the middle of something and lifts retention on a ${seconds(played)} clip.`,
      example: trimExample(0.5, end),
    };
  }
  return undefined;
}

function gradeSuggestion(facts: VideoFacts): Candidate | undefined {
  const { look, grade } = facts;
  if (facts.gradeIsNeutral || !grade) {
    return {
      priority: 60,
      type: 'grade',
      title: `Give it a ${look.adjective} grade`,
      description: `The colours are untouched. For this clip ${look.gradeReason}.`,
      example: gradeExample(look.grade),
    };
  }
  const extreme = (['brightness', 'contrast', 'saturation'] as const).filter(
    (key) => grade[key] > 150 || grade[key] < 65,
  );
  if (extreme.length > 0) {
    const softened: ColorGrading = {
      brightness: towards(grade.brightness, look.grade.brightness),
      contrast: towards(grade.contrast, look.grade.contrast),
      saturation: towards(grade.saturation, look.grade.saturation),
    };
    return {
      priority: 65,
      type: 'grade',
      title: 'Pull the grade back a little',
      description:
        `${extreme.map((key) => `${key[0]?.toUpperCase()}${key.slice(1)} at ${grade[key]}%`).join(' and ')} ` +
        'clips detail and looks harsh once the platform compresses the video. Ease it back towards a natural look.',
      example: gradeExample(softened),
    };
  }
  return undefined;
}

function fineTuneGrade(facts: VideoFacts): Candidate | undefined {
  if (facts.gradeIsNeutral || !facts.grade) return undefined;
  const tuned: ColorGrading = {
    brightness: towards(facts.grade.brightness, facts.look.grade.brightness),
    contrast: Math.min(150, towards(facts.grade.contrast, facts.look.grade.contrast) + 4),
    saturation: towards(facts.grade.saturation, facts.look.grade.saturation),
  };
  return {
    priority: 25,
    type: 'grade',
    title: 'Fine-tune the grade',
    description: `Your grade is a good start. For a ${facts.look.adjective} finish, ${facts.look.gradeReason}.`,
    example: gradeExample(tuned),
  };
}

function audioSuggestion(facts: VideoFacts, random: () => number): Candidate {
  const volume = facts.look.volume;
  const phrase = pick(random, [
    `Lower the clip's own sound to ${Math.round(volume * 100)}% and add ${facts.look.music} when you post`,
    `Set the original audio to ${Math.round(volume * 100)}% so ${facts.look.music} can carry the mood`,
  ]);
  return {
    priority: 40,
    type: 'audio',
    title: 'Make room for music',
    description: `${phrase}. Sounds added in ${facts.apps} can earn extra reach, and cuts that land on the beat feel intentional.`,
    example: audioExample({ volume, isMuted: false }),
  };
}

/** Halfway from `value` to `target`, as a whole percentage. */
function towards(value: number, target: number): number {
  return Math.round((value + target) / 2);
}
