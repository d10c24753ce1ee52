import { scriptWords } from '../../../shared/speech/timed-word.ts';
import type { ScriptContext } from './text-model.ts';
import { type Mood, capitalise, detectMood, pick, promptScene, promptSubject } from './video-facts.ts';
import { scriptWordLimit, scriptWordTarget } from './voiceover-script.ts';

/**
 * The offline voice-over script: a hook, the shots' scenes in play order, lines on the subject and the mood of
 * the prompt, and a closing call to comment or follow, each drawn at random and added while they fit the words
 * the output's length holds. Every line is plain words (no digits or symbols), so every voice can say it.
 */

/** Shots narrated one by one; a longer sequence is described by its first ones. */
const MAX_NARRATED_SHOTS = 6;
/** Lines naming the subject, beside the hook and the closer: more sounds like a broken record. */
const MAX_SUBJECT_LINES = 3;

const HOOKS = [
  'Wait for it.',
  'Stop scrolling for a second.',
  'You are going to want to watch this one twice.',
  'Look closely.',
  'This might be the best thing you see today.',
  'Okay, look at this.',
];
const SUBJECT_HOOKS = [
  'Stop scrolling: you need to see the {subject}.',
  'Nobody expected the {subject} to look this good.',
  'Look at the {subject}. Really look.',
  'Wait until you see the {subject}.',
  'Everybody is talking about the {subject}, and here is why.',
];

const OPENING_SCENES = ['Picture this: {scene}.', 'This is {scene}.', 'It starts with {scene}.', 'Right here: {scene}.'];
const LATER_SCENES = ['Then, {scene}.', 'Next, {scene}.', 'And then, {scene}.', 'Now look: {scene}.'];

const SUBJECT_LINES = [
  'Keep your eyes on the {subject}.',
  'Nobody told the {subject} it was on camera.',
  'Everything here revolves around the {subject}.',
  'Look closer at the {subject}: the details are the best part.',
  'You have never seen the {subject} quite like this.',
  'Watch how the light finds the {subject}.',
  'The {subject} steals the show, every single time.',
];

const MOOD_LINES: Record<Mood, string[]> = {
  noir: [
    'The streets keep their secrets tonight.',
    'Every shadow hides a story.',
    'The rain does not stop for anyone.',
    'Something is waiting around the corner.',
    'Quiet, tense, and a little dangerous.',
    'Nothing here is quite what it seems.',
  ],
  nostalgic: [
    'Some memories never really fade.',
    'It feels like an old photograph coming back to life.',
    'Remember when everything moved a little slower?',
    'This one takes you right back.',
    'Simple moments like this stay with you.',
    'The past has never looked this good.',
  ],
  dreamy: [
    'It feels like a dream you never want to end.',
    'Soft, quiet, and almost unreal.',
    'Everything floats here, even time.',
    'Close your eyes and you are still there.',
    'A little bit of magic, right in front of you.',
    'This is what wonder looks like.',
  ],
  energetic: [
    'No brakes, just pure momentum.',
    'Turn the volume up for this part.',
    'Fast, loud, and impossible to ignore.',
    'The energy here never lets up.',
    'Blink and you will miss it.',
    'This is where it gets wild.',
  ],
  warm: [
    'The light turns everything to gold.',
    'Warm, slow, and just right.',
    'Moments like this make the whole day worth it.',
    'Golden hour never gets old.',
    'You can almost feel the warmth through the screen.',
    'Stay a while. It only gets better.',
  ],
  calm: [
    'Take a breath and slow down with me.',
    'No rush, no noise, just this.',
    'Sometimes the quiet says everything.',
    'Let it play and let your shoulders drop.',
    'This is your sign to take a pause.',
    'Peaceful, simple, and completely real.',
  ],
  neutral: [
    'Every second of this earns a second look.',
    'This is the kind of scene you watch again.',
    'Stay with it. The best part is coming.',
    'Details like these are easy to miss.',
    'It looks simple until you look closer.',
    'Some things are just worth watching.',
  ],
};

/** Lines for any video, said when the subject and mood lines do not fill a long one. */
const ANY_VIDEO_LINES = [
  'Watch it one more time and you will catch something new.',
  'Pay attention to the background.',
  'Notice how everything moves together.',
  'This part never gets old.',
  'Sound on for the full effect.',
  'It is even better on a big screen.',
  'Keep watching. There is more.',
  'Honestly, this is hard to stop watching.',
];

const CLOSERS = [
  'Follow for part two.',
  'Would you watch this for an hour?',
  'Tell me in the comments where this goes next.',
  'Save this one for later.',
  'Send this to someone who needs it today.',
  'Rate it from one to ten.',
];
const SUBJECT_CLOSERS = ['Should the {subject} get a part two?', 'Tell me what the {subject} should do next.'];

const wordCount = (sentence: string) => scriptWords(sentence).length;

function fill(template: string, values: { subject?: string; scene?: string }): string {
  return template.replace('{subject}', values.subject ?? '').replace('{scene}', values.scene ?? '');
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A random one of the sentences that have at most `room` words, or undefined. */
function pickFitting(sentences: readonly string[], room: number, random: () => number): string | undefined {
  const fitting = sentences.filter((sentence) => wordCount(sentence) <= room);
  return fitting.length > 0 ? pick(random, fitting) : undefined;
}

/** The shots' scenes, one sentence each, in play order; a shot showing the scene before it is not said again. */
function sceneLines(context: ScriptContext, random: () => number): string[] {
  const scenes = context.shots.map((shot, index) => promptScene(shot.prompt || (index === 0 ? context.prompt : '')));
  const lines: string[] = [];
  scenes.slice(0, MAX_NARRATED_SHOTS).forEach((scene, index) => {
    if (scene === '' || scene === scenes[index - 1]) return;
    lines.push(fill(pick(random, lines.length === 0 ? OPENING_SCENES : LATER_SCENES), { scene }));
  });
  return lines;
}

/**
 * Subject and mood lines alternating, each list in a random order, so both come early in a short script; then
 * lines for any video, for a long one.
 */
function middleLines(subject: string | undefined, mood: Mood, random: () => number): string[] {
  const about = subject ? shuffled(SUBJECT_LINES, random).slice(0, MAX_SUBJECT_LINES).map((line) => fill(line, { subject })) : [];
  const feel = shuffled(MOOD_LINES[mood], random);
  const lines: string[] = [];
  for (let i = 0; i < Math.max(about.length, feel.length); i += 1) {
    const pair = random() < 0.5 ? [about[i], feel[i]] : [feel[i], about[i]];
    for (const line of pair) if (line) lines.push(line);
  }
  const filler = shuffled([...(mood === 'neutral' ? [] : MOOD_LINES.neutral), ...ANY_VIDEO_LINES], random);
  return [...lines, ...filler];
}

/** A script for the shortest videos, where no sentence fits: the subject's first words, or "Watch this". */
function fewWords(subject: string | undefined, limit: number): string {
  const words = (subject ?? 'watch this').split(' ').slice(0, limit);
  return `${capitalise(words.join(' '))}.`;
}

export function offlineVoiceoverScript(context: ScriptContext, random: () => number): string {
  const limit = scriptWordLimit(context.seconds);
  const target = scriptWordTarget(context.seconds);
  const found = promptSubject(context.prompt) || promptSubject(context.title);
  const subject = found === '' ? undefined : found;
  const mood = detectMood(`${context.prompt} ${context.shots.map((shot) => shot.prompt).join(' ')} ${context.title}`);

  const scenes = sceneLines(context, random);
  // A hook that names the subject, so even the shortest script is about this video.
  const subjectHooks = subject ? SUBJECT_HOOKS.map((line) => fill(line, { subject })) : [];
  const hook = pickFitting(subjectHooks, limit, random) ?? pickFitting(HOOKS, limit, random);
  if (!hook) return fewWords(subject, limit);
  // Half the time the first scene opens the script itself ("Picture this: …") when it fits, leaving a short video room for it.
  const sceneOpens = scenes[0] !== undefined && wordCount(scenes[0]) <= target && random() < 0.5;
  const opening = (sceneOpens ? scenes.shift() : undefined) ?? hook;
  const sentences = [opening];
  let used = wordCount(opening);

  const closers = subject ? [...CLOSERS, ...SUBJECT_CLOSERS.map((line) => fill(line, { subject }))] : CLOSERS;
  const closer = pickFitting(closers, limit - used, random);
  const reserved = closer ? wordCount(closer) : 0;
  for (const line of [...scenes, ...middleLines(subject, mood, random)]) {
    if (used + reserved >= target) break;
    const words = wordCount(line);
    if (used + words + reserved > limit) continue;
    sentences.push(line);
    used += words;
  }
  if (closer) sentences.push(closer);
  return sentences.join(' ');
}
