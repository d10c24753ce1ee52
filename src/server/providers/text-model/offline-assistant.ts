import type { VideoContext } from '../../../shared/schemas/ai.ts';
import { answerTopic, priorityTopics, type Tip, type Topic } from './assistant-tips.ts';
import type { ChatTurn } from './text-model.ts';
import { clip, pick, seconds, videoFacts, type VideoFacts } from './video-facts.ts';

const TOPIC_PATTERNS: ReadonlyArray<[Topic, RegExp]> = [
  ['hook', /\bhooks?\b|first (?:second|frame|few)|grab|attention|scroll|intro\b|opening|\bstart(?:s|ing)?\b/i],
  ['hashtags', /hash ?tags?|#\w|\btags?\b|caption for (?:the|my) post|post (?:caption|copy|description)|description|\bseo\b/i],
  ['captions', /caption|subtitle|\btext\b|overlay|font|\bwords?\b|readab|title card/i],
  ['pacing', /\bpac(?:e|ing)\b|length|too long|shorter|\btrim|\bcut\b|boring|\bslow\b|duration|retention|watch ?time|\bloop/i],
  ['look', /colou?r|grad(?:e|ing)|\blook\b|filter|effect|bright|\bdark|contrast|saturat|aesthetic|cinematic|\bvibe|sepia|vintage|grayscale|black and white/i],
  ['audio', /music|audio|sound|\bsong|track|voice|volume|\bmute|\bbeat/i],
  ['posting', /\bpost(?:ing)?\b|upload|publish|\bwhen\b|schedule|best time|platform|tiktok|reels|shorts|youtube|instagram|\bshare|export|views|algorithm/i],
];

const GREETING = /^\s*(?:hi|hello|hey|yo|hiya|good (?:morning|afternoon|evening))\b[\s!.,]*$/i;
const THANKS = /^\s*(?:thanks?|thank you|thx|cheers|great|perfect|awesome|nice)\b[^?]*$/i;
const FOLLOW_UP = /\b(?:more|else|another|other ideas|again|continue|go on)\b/i;

function detectTopics(message: string): Topic[] {
  return TOPIC_PATTERNS.filter(([, pattern]) => pattern.test(message)).map(([topic]) => topic);
}

/**
 * The offline assistant: recognises what the message asks about and answers with tips built from the
 * video's context — a short intro, then a numbered list with **bold** titles.
 */
export function offlineAssistantReply(
  message: string,
  context: VideoContext,
  history: readonly ChatTurn[],
  random: () => number,
): string {
  const facts = videoFacts(context);
  const text = message.trim();
  if (GREETING.test(text)) return greeting(facts, random);
  if (THANKS.test(text) && detectTopics(text).length === 0) return thanks(facts, random);

  let topics = detectTopics(text);
  let skip = 0;
  if (topics.length === 0 && FOLLOW_UP.test(text)) {
    const previous = [...history].reverse().find((turn) => turn.role === 'user' && detectTopics(turn.content).length > 0);
    if (previous) {
      topics = detectTopics(previous.content);
      skip = 2;
    }
  }
  const general = topics.length === 0;
  if (general) topics = priorityTopics(facts, random);

  const tips: Tip[] = [];
  let lead = '';
  if (general) {
    for (const topic of topics.slice(0, 5)) {
      const first = answerTopic(topic, facts, random).tips[0];
      if (first) tips.push(first);
    }
    lead = `${stateSummary(facts)} What I would change first:`;
  } else {
    const perTopic = topics.length === 1 ? 5 : topics.length === 2 ? 3 : 2;
    for (const topic of topics.slice(0, 3)) {
      const answer = answerTopic(topic, facts, random);
      if (!lead) lead = answer.lead;
      const chosen = answer.tips.slice(skip, skip + perTopic);
      tips.push(...(chosen.length > 0 ? chosen : answer.tips.slice(0, perTopic)));
    }
  }

  const list = tips
    .slice(0, 5)
    .map((tip, index) => `${index + 1}. **${tip.title}** — ${tip.body}`)
    .join('\n');
  return `${opener(facts, random, skip > 0)} ${lead}\n\n${list}\n\n${closing(facts, random)}`;
}

function opener(facts: VideoFacts, random: () => number, more: boolean): string {
  const clipText = `${seconds(facts.playedSeconds)} ${facts.aspectRatio}`;
  if (more) return `A few more ideas for ${facts.titleRef}.`;
  return pick(random, [
    `Here is what I would do with ${facts.titleRef} (${clipText}, made for ${facts.platform}).`,
    `Looking at ${facts.titleRef} — a ${clipText} clip of the ${facts.subject}.`,
    `For ${facts.titleRef}, your ${clipText} video about the ${facts.subject}:`,
    `Good question for ${facts.titleRef} (${clipText}).`,
  ]);
}

function closing(facts: VideoFacts, random: () => number): string {
  return pick(random, [
    'Want exact overlay text or grade values for any of these? Just ask.',
    '**Get suggestions** in AI Tools can apply changes like these for you in one click.',
    `Ask me about hooks, captions, pacing, colour, music, hashtags or when to post ${facts.titleRef}.`,
    'Try one change at a time and compare — undo is always one click away.',
  ]);
}

/** One sentence on what the video has now: overlays, effect, trim and grade. */
function stateSummary(facts: VideoFacts): string {
  const parts: string[] = [];
  const count = facts.overlays.length;
  parts.push(
    count === 0
      ? 'no text overlays'
      : `${count} text overlay${count === 1 ? '' : 's'} (“${clip(facts.overlays[0]?.text ?? '', 30)}”${count > 1 ? ', …' : ''})`,
  );
  parts.push(facts.effect === 'none' ? 'no effect' : `the ${facts.effect} effect`);
  if (facts.trim) parts.push(`a trim to ${seconds(facts.trim.start)}–${seconds(facts.trim.end)}`);
  parts.push(facts.gradeIsNeutral ? 'the original colours' : 'a custom grade');
  const last = parts.pop();
  return `Right now it has ${parts.join(', ')} and ${last}.`;
}

function greeting(facts: VideoFacts, random: () => number): string {
  const hello = pick(random, ['Hi!', 'Hello!', 'Hey there!']);
  const topics = priorityTopics(facts, random).slice(0, 3);
  const list = topics
    .map((topic, index) => {
      const tip = answerTopic(topic, facts, random).tips[0];
      return tip ? `${index + 1}. **${tip.title}** — ${tip.body}` : '';
    })
    .filter(Boolean)
    .join('\n');
  return (
    `${hello} I'm looking at ${facts.titleRef}, a ${seconds(facts.playedSeconds)} ${facts.aspectRatio} clip of the ` +
    `${facts.subject}. ${stateSummary(facts)} A few places to start:\n\n${list}\n\nWhat would you like to work on?`
  );
}

function thanks(facts: VideoFacts, random: () => number): string {
  return pick(random, [
    `You're welcome! Good luck with ${facts.titleRef} — ask any time you want a second look.`,
    `Happy to help. If you change the ${facts.subject} clip, ask again and I'll look at the new version.`,
    `Any time! When ${facts.titleRef} is ready, I can help with the post caption and hashtags too.`,
  ]);
}
