import { hashtags, hookLine, postCaption, questionLine } from './hook-lines.ts';
import { gradeExample } from '../../../shared/ai/suggestion-examples.ts';
import { clip, seconds, type VideoFacts } from './video-facts.ts';

/** What the assistant can talk about; each topic has tips built from the video's facts. */
export type Topic = 'hook' | 'captions' | 'pacing' | 'look' | 'audio' | 'hashtags' | 'posting';

export interface Tip {
  title: string;
  body: string;
}

export interface TopicAnswer {
  /** One sentence that introduces the list. */
  lead: string;
  tips: Tip[];
}

type Random = () => number;

const quote = (text: string) => `“${clip(text, 40)}”`;

export function answerTopic(topic: Topic, facts: VideoFacts, random: Random): TopicAnswer {
  switch (topic) {
    case 'hook':
      return hookTips(facts, random);
    case 'captions':
      return captionTips(facts);
    case 'pacing':
      return pacingTips(facts);
    case 'look':
      return lookTips(facts);
    case 'audio':
      return audioTips(facts);
    case 'hashtags':
      return hashtagTips(facts, random);
    case 'posting':
      return postingTips(facts);
  }
}

function hookTips(facts: VideoFacts, random: Random): TopicAnswer {
  const hook = hookLine(facts, random);
  const top = facts.overlays.find((overlay) => overlay.position.y <= 35);
  const first = facts.overlays[0];
  const overlayTip: Tip = top
    ? {
        title: 'Keep the hook short',
        body: `${quote(top.text)} already sits in the top third — good. Keep it under about six words so it is read in one glance.`,
      }
    : first
      ? {
          title: 'Move the hook up',
          body: `${quote(first.text)} sits ${Math.round(first.position.y)}% down the frame. Put the hook in the top third, where nothing covers it.`,
        }
      : {
          title: 'Put words on screen in the first second',
          body: `There is no overlay yet. Try “${hook}” in the top third: white Impact, 64 px, 4 px black outline.`,
        };
  return {
    lead: `The first second decides whether people stay, so the ${facts.subject} has to grab them immediately:`,
    tips: [
      overlayTip,
      {
        title: 'Open on motion',
        body:
          (facts.trim?.start ?? 0) > 0
            ? `You already cut ${seconds(facts.trim?.start ?? 0)} from the start — make sure the first frame shows the ${facts.subject} moving.`
            : `Trim the first half-second so the clip starts while the ${facts.subject} is already moving.`,
      },
      {
        title: 'Open a curiosity gap',
        body: `A question like “${questionLine(facts, random)}” makes viewers stay for the answer.`,
      },
      {
        title: 'Make the first frame pop',
        body:
          facts.effect === 'none' && facts.gradeIsNeutral
            ? `Colours are untouched; a ${facts.look.adjective} grade (${gradeExample(facts.look.grade)}) makes the opening frame stand out in the feed.`
            : `Your ${facts.effect === 'none' ? 'grade' : `${facts.effect} effect`} sets the tone — check the very first frame looks as strong as the best one.`,
      },
    ],
  };
}

function captionTips(facts: VideoFacts): TopicAnswer {
  const small = facts.overlays.find((overlay) => overlay.fontSize < 40);
  const thin = facts.overlays.find((overlay) => overlay.outline.thickness < 2);
  const count = facts.overlays.length;
  const answer: TopicAnswer = {
    lead:
      count === 0
        ? `${facts.titleRef} has no text yet — most people watch without sound, so captions do a lot of work:`
        : `You have ${count} text overlay${count === 1 ? '' : 's'}; here is how to make ${count === 1 ? 'it' : 'them'} work harder:`,
    tips: [
      {
        title: 'Short lines, big type',
        body: small
          ? `${quote(small.text)} is ${small.fontSize} px — go to 56 px or more and keep lines to four to six words.`
          : 'Keep each line to four to six words at 56 px or more, so it reads on a phone at arm’s length.',
      },
      {
        title: 'Use a thick outline',
        body: thin
          ? `${quote(thin.text)} has a ${thin.outline.thickness} px outline; 3–5 px of black keeps it readable over bright parts of the clip.`
          : 'A 3–5 px black outline on white text stays readable over any frame, bright or dark.',
      },
      {
        title: 'Respect the safe zone',
        body: facts.vertical
          ? 'On 9:16 keep text between about 15% and 75% of the height and away from the right edge, where the app’s buttons sit.'
          : `On ${facts.aspectRatio}, the lower third is the classic caption spot; keep a margin of about 5% from the edges.`,
      },
      count > 3
        ? {
            title: 'Cut the clutter',
            body: `${count} overlays compete for attention. Keep the hook and one supporting line.`,
          }
        : {
            title: 'Caption the key moment',
            body: `Name what is happening — e.g. “${clip(facts.promptGist, 40)}” — so silent viewers get it.`,
          },
    ],
  };
  // The most pressing fix goes first: replies that name no topic only use the first tip.
  return thin && !small ? withFirst(answer, 1) : answer;
}

function withFirst(answer: TopicAnswer, index: number): TopicAnswer {
  const tip = answer.tips[index];
  if (!tip) return answer;
  return { lead: answer.lead, tips: [tip, ...answer.tips.filter((_, i) => i !== index)] };
}

function pacingTips(facts: VideoFacts): TopicAnswer {
  const played = facts.playedSeconds;
  const long = played > 15;
  const keep = Math.min(15, Math.max(7, Math.round(played * 0.5)));
  return {
    lead: facts.trim
      ? `You play ${seconds(played)} of the ${seconds(facts.duration)} clip (${seconds(facts.trim.start)}–${seconds(facts.trim.end)}).`
      : `The clip plays all ${seconds(played)}.`,
    tips: [
      long
        ? { title: `Cut to about ${keep} seconds`, body: `On ${facts.platform} shorter clips get watched to the end more often; keep the strongest ${keep} seconds.` }
        : { title: 'Length is on target', body: `${seconds(played)} is a good length for ${facts.platform}; spend your effort on the opening and the loop.` },
      {
        title: 'Start late, leave early',
        body: `Begin when the ${facts.subject} is already moving and end before the motion settles.`,
      },
      {
        title: 'Make it loop',
        body: 'If the last frame flows into the first, people watch twice without noticing — and replays count as watch time.',
      },
      {
        title: 'Need more footage?',
        body: 'Use **Extend** to add another 8-second continuation, then trim the best part of the longer clip.',
      },
    ],
  };
}

function lookTips(facts: VideoFacts): TopicAnswer {
  const { look, grade } = facts;
  const harsh = grade !== undefined && [grade.brightness, grade.contrast, grade.saturation].some((v) => v > 150 || v < 65);
  const answer: TopicAnswer = {
    lead: `This prompt reads as ${look.adjective}${facts.effect === 'none' ? ', and the clip has no effect yet' : `, and you are using the ${facts.effect} effect`}.`,
    tips: [
      facts.effect === 'none'
        ? { title: `Try ${look.effect}`, body: `${capitalFirst(look.effectReason)}.` }
        : facts.effect === look.effect
          ? { title: `Keep ${facts.effect}`, body: `It suits the mood: ${look.effectReason}.` }
          : { title: `Compare ${facts.effect} with ${look.effect}`, body: `For this mood ${look.effectReason}.` },
      {
        title: 'Grade for the mood',
        body:
          facts.gradeIsNeutral || !grade
            ? `Start from ${gradeExample(look.grade)} — ${look.gradeReason}.`
            : harsh
              ? `${gradeExample(grade)} is extreme and will look harsh after compression; ease it towards ${gradeExample(look.grade)}.`
              : `You are at ${gradeExample(grade)}; ${look.gradeReason} (try ${gradeExample(look.grade)}).`,
      },
      {
        title: 'Go easy on saturation',
        body:
          grade && grade.saturation > 140
            ? `Saturation ${grade.saturation}% will band and smear after compression; stay under about 130%.`
            : 'Platforms compress colour hard; stay under about 130% saturation so skies and skin do not band.',
      },
      {
        title: 'Check text against the grade',
        body:
          facts.overlays.length > 0
            ? `After grading, check ${quote(facts.overlays[0]?.text ?? '')} still stands out on the brightest frame.`
            : 'Once you add text, check it stands out on the brightest frame of the clip.',
      },
    ],
  };
  return harsh ? withFirst(answer, 1) : answer;
}

function audioTips(facts: VideoFacts): TopicAnswer {
  const beats = Math.max(4, Math.round(facts.playedSeconds * 2));
  return {
    lead: `For a ${facts.look.adjective} clip about the ${facts.subject}, sound carries half the mood:`,
    tips: [
      { title: 'Pick music for the mood', body: `Try ${facts.look.music}.` },
      {
        title: 'Duck the original sound',
        body: `Set the clip volume to about ${Math.round(facts.look.volume * 100)}% (or mute it) so the track and any voice-over stay clear.`,
      },
      {
        title: 'Cut on the beat',
        body: `At 120 BPM your ${seconds(facts.playedSeconds)} clip spans about ${beats} beats — put the trim points on a beat.`,
      },
      {
        title: 'Add trending sounds in the app',
        body: `Sounds picked in ${facts.apps} can earn extra reach; keep your own audio low so they mix well.`,
      },
    ],
  };
}

function hashtagTips(facts: VideoFacts, random: Random): TopicAnswer {
  const tags = hashtags(facts);
  return {
    lead: `Post copy built from the prompt of ${facts.titleRef}:`,
    tips: [
      { title: 'Use a few focused hashtags', body: `${tags.join(' ')} — three to six relevant tags beat thirty generic ones.` },
      { title: 'Write a caption that asks something', body: `“${postCaption(facts, random)}”` },
      {
        title: 'Put search words first',
        body: `Start the caption with what people search for: ${facts.keywords.slice(0, 3).join(', ') || facts.subject}.`,
      },
      { title: 'Say it is AI-made', body: 'Label it as AI-generated where the platform asks; it avoids takedowns and builds trust.' },
    ],
  };
}

function postingTips(facts: VideoFacts): TopicAnswer {
  return {
    lead: `${facts.titleRef} is ${facts.aspectRatio}, which fits ${facts.platform} best.`,
    tips: [
      {
        title: 'Export at full quality',
        body: `Export in 1080p at high quality; ${facts.vertical ? 'upload 9:16 without letterboxing' : 'keep the original aspect, no black bars'}.`,
      },
      {
        title: 'Post when your audience is online',
        body: 'Weekday evenings (about 6–9 pm in your audience’s time zone) are a safe start; then follow your own analytics.',
      },
      {
        title: 'Stay around for the first hour',
        body: 'Reply to early comments quickly — early engagement decides how far the video travels.',
      },
      {
        title: 'Plan a part 2',
        body: `If it performs, **Extend** the ${facts.subject} into a continuation and post it as part 2.`,
      },
    ],
  };
}

function capitalFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What matters most for this video, for replies that name no topic. */
export function priorityTopics(facts: VideoFacts, random: Random): Topic[] {
  const needs: Topic[] = [];
  const hardToRead = facts.overlays.some((overlay) => overlay.fontSize < 40 || overlay.outline.thickness < 2);
  if (facts.overlays.length === 0 || !facts.overlays.some((overlay) => overlay.position.y <= 35)) needs.push('hook');
  if (hardToRead) needs.push('captions');
  if (facts.playedSeconds > 15) needs.push('pacing');
  const harshGrade = facts.grade && [facts.grade.brightness, facts.grade.contrast, facts.grade.saturation].some((v) => v > 150 || v < 65);
  if (facts.effect === 'none' || facts.gradeIsNeutral || harshGrade) needs.push('look');
  const rest = (['audio', 'captions', 'hashtags', 'posting', 'hook', 'pacing', 'look'] as const).filter(
    (topic) => !needs.includes(topic),
  );
  // Vary what fills the remaining slots, so two general questions do not get the same list.
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as Topic, rest[i] as Topic];
  }
  return [...needs, ...rest];
}
