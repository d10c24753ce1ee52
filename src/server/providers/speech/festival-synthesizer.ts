import fs from 'node:fs/promises';
import path from 'node:path';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { DEBIAN_SPEECH_PATHS, type DebianSpeechPaths } from './debian-speech-tools.ts';
import { scriptTokens, timeWords } from './script-tokens.ts';
import { SpeechError, type SpeechSynthesizer, type SynthesisRequest, type SynthesisResult, type Voice } from './speech.ts';
import { requireEngine, runSpeechTool, timeLimitMs } from './speech-process.ts';

const FESTIVAL_VOICES: readonly Voice[] = [{ id: 'festival:slt', name: 'Sarah (offline)', engine: 'festival', language: 'en-US' }];

/** A Scheme string literal: SIOD reads `\\` and `\"` inside double quotes. */
function schemeString(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/**
 * The Scheme program Festival runs. The script is read from a file, never spliced into the program, so no
 * text can become code. For each Token (one per white-space separated piece of the text) it prints the start
 * of the first segment and the end of the last segment of the words it became (Token → Word → SylStructure →
 * Syllable → Segment); -1 for a token nothing was said for (an emoji). Festival exits 0 after a Scheme
 * error, so the last line, DONE, is what says the run went through.
 */
function festivalProgram(textFile: string, waveFile: string): string {
  return `
(define (read-whole-file name)
  (let ((port (fopen name "rb")) (buffer (cons-array 4096 'string)) (text "") (count 0))
    (set! count (fread buffer port))
    (while count
      (set! text (string-append text (substring buffer 0 count)))
      (set! count (fread buffer port)))
    (fclose port)
    text))
(define (print-token token)
  (let ((start -1) (end -1))
    (mapcar
      (lambda (word)
        (let ((syllables (item.relation word 'SylStructure)) (first nil) (last nil))
          (if (and syllables (item.daughter1 syllables))
            (begin
              (set! first (item.daughter1 (item.daughter1 syllables)))
              (set! last (item.daughtern (item.daughtern syllables)))))
          (if (and first last)
            (begin
              (if (< start 0) (set! start (item.feat first 'segment_start)))
              (set! end (item.feat last 'segment_end))))))
      (item.daughters token))
    (format t "TOKEN\\t%f\\t%f\\t%s\\n" start end (item.name token))))
(voice_cmu_us_slt_arctic_hts)
(set! utt (SynthText (read-whole-file ${schemeString(textFile)})))
(utt.save.wave utt ${schemeString(waveFile)} 'riff)
(set! token (utt.relation.first utt 'Token))
(while token (print-token token) (set! token (item.next token)))
(set! info (wave.info (utt.wave utt)))
(format t "DURATION\\t%f\\n" (/ (cadr (assoc 'num_samples info)) (cadr (assoc 'sample_rate info))))
(format t "DONE\\n")
`;
}

interface FestivalOutput {
  spans: Array<{ start: number; end: number } | undefined>;
  durationSeconds: number;
}

function parseFestivalOutput(stdout: string): FestivalOutput | undefined {
  const lines = stdout.split('\n');
  if (!lines.includes('DONE')) return undefined;
  const spans = lines
    .filter((line) => line.startsWith('TOKEN\t'))
    .map((line) => {
      const [, start, end] = line.split('\t').map(Number);
      return start !== undefined && end !== undefined && start >= 0 && end >= start ? { start, end } : undefined;
    });
  const duration = lines.find((line) => line.startsWith('DURATION\t'));
  return { spans, durationSeconds: Number(duration?.split('\t')[1]) };
}

/**
 * The voice without an API key (issue 27): Festival with the CMU Arctic SLT HTS voice. The word times are
 * the utterance's own, read from its segments, so they are exact rather than recognised.
 */
export class FestivalSynthesizer implements SpeechSynthesizer {
  readonly engine = 'festival';

  constructor(private readonly paths: DebianSpeechPaths = DEBIAN_SPEECH_PATHS) {}

  voices(): readonly Voice[] {
    return FESTIVAL_VOICES;
  }

  async synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    if (!FESTIVAL_VOICES.some((voice) => voice.id === request.voiceId)) throw new SpeechError(`Festival has no voice ${request.voiceId}.`, 400);
    const { words, tokens, wordOfToken } = scriptTokens(request.text);
    requireEngine('festival', this.paths);
    return withScratchDir('festival', async (dir) => {
      const textFile = path.join(dir, 'script.txt');
      const programFile = path.join(dir, 'speak.scm');
      // One space between tokens: Festival splits on ASCII white space only, JavaScript's \s on all of it.
      await fs.writeFile(textFile, tokens.join(' '));
      await fs.writeFile(programFile, festivalProgram(textFile, path.resolve(request.outputFile)));
      const { stdout } = await runSpeechTool(this.paths.festival, ['--batch', programFile], {
        label: 'Festival',
        timeoutMs: timeLimitMs(20, 0.1, request.text.length),
        signal: request.signal,
      });
      const output = parseFestivalOutput(stdout);
      if (!output || output.spans.length !== tokens.length || !(output.durationSeconds > 0)) {
        throw new SpeechError('Festival did not finish the voice-over.', 502);
      }
      if (output.spans.every((span) => span === undefined)) throw new SpeechError('The script has no words the voice can say.', 400);
      const timed = timeWords(
        words,
        output.spans.map((span, index) => ({ word: wordOfToken[index]!, span })),
      );
      return { words: timed, durationSeconds: output.durationSeconds };
    });
  }
}
