import { integerWords, numberReadings } from './number-words.ts';

/** A number as written: thousands grouped by commas ("1,000,000") or not, with an optional decimal part. */
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;

/**
 * What a voice reads in a token, one alternative per kind, tried left to right: a currency amount ("$5.50",
 * "$2bn"), a percentage, a clock time, an ordinal ("3rd"), a decade ("1990s", "'90s"), any other number.
 */
const SPOKEN_NUMBER = new RegExp(
  [
    String.raw`(?<currency>[$£€])(?<amount>${NUMBER})(?<scale>bn|BN|[kKmMbB])?(?![\p{L}\d])`,
    String.raw`(?<percent>${NUMBER})%`,
    String.raw`(?<![\d.,:])(?<hours>\d{1,2}):(?<minutes>[0-5]\d)(?![\d:])`,
    String.raw`(?<ordinal>\d{1,3}(?:,\d{3})+|\d+)(?:st|nd|rd|th|ST|ND|RD|TH)(?!\p{L})`,
    String.raw`'?(?<decade>\d{2}|[1-9]\d{3})s(?!\p{L})`,
    String.raw`(?<number>${NUMBER})`,
  ].join('|'),
  'gu',
);

const CURRENCY_UNITS: Record<string, { one: string; many: string; cent: string; cents: string }> = {
  $: { one: 'dollar', many: 'dollars', cent: 'cent', cents: 'cents' },
  '€': { one: 'euro', many: 'euros', cent: 'cent', cents: 'cents' },
  '£': { one: 'pound', many: 'pounds', cent: 'penny', cents: 'pence' },
};

const SCALE_WORDS: Record<string, string> = { k: 'thousand', m: 'million', b: 'billion', bn: 'billion' };

const IRREGULAR_ORDINALS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

/** A number as a count: "1,999" and "2026%" are never read as years. */
function cardinalWords(written: string): string[] {
  return numberReadings(written).at(-1)!;
}

/** A number on its own: a four-digit one as voices read a year ("1999" → nineteen ninety nine), others as counts. */
function plainNumberWords(written: string): string[] {
  return written.includes(',') ? cardinalWords(written) : numberReadings(written)[0]!;
}

function withLastWord(words: string[], change: (last: string) => string): string[] {
  return [...words.slice(0, -1), change(words.at(-1)!)];
}

function ordinalWords(written: string): string[] {
  return withLastWord(integerWords(written.replaceAll(',', '')), (last) => IRREGULAR_ORDINALS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`));
}

function decadeWords(digits: string): string[] {
  return withLastWord(plainNumberWords(digits), (last) => (last.endsWith('y') ? `${last.slice(0, -1)}ies` : `${last}s`));
}

function currencyWords(symbol: string, amount: string, scale: string | undefined): string[] {
  const unit = CURRENCY_UNITS[symbol]!;
  if (scale) return [...cardinalWords(amount), SCALE_WORDS[scale.toLowerCase()]!, unit.many];
  const [whole = '0', fraction = ''] = amount.replaceAll(',', '').split('.');
  // More than two decimals is not money as written on a price tag: read it as a number.
  if (fraction.length > 2) return [...cardinalWords(amount), unit.many];
  const units = Number(whole);
  const cents = fraction ? Number(fraction.padEnd(2, '0')) : 0;
  const centWords = cents > 0 ? [...integerWords(String(cents)), cents === 1 ? unit.cent : unit.cents] : [];
  if (units === 0 && cents > 0) return centWords;
  const unitWords = [...integerWords(whole), whole.replace(/^0+/, '') === '1' ? unit.one : unit.many];
  return cents > 0 ? [...unitWords, 'and', ...centWords] : unitWords;
}

function timeWords(hours: string, minutes: string): string[] {
  const minute = Number(minutes);
  const minuteWords = minute === 0 ? ["o'clock"] : minute < 10 ? ['oh', ...integerWords(minutes)] : integerWords(minutes);
  return [...integerWords(hours), ...minuteWords];
}

type NumberGroups = Partial<Record<'currency' | 'amount' | 'scale' | 'percent' | 'hours' | 'minutes' | 'ordinal' | 'decade' | 'number', string>>;

function numberWords(groups: NumberGroups): string[] {
  if (groups.currency && groups.amount) return currencyWords(groups.currency, groups.amount, groups.scale);
  if (groups.percent) return [...cardinalWords(groups.percent), 'percent'];
  if (groups.hours && groups.minutes) return timeWords(groups.hours, groups.minutes);
  if (groups.ordinal) return ordinalWords(groups.ordinal);
  if (groups.decade) return decadeWords(groups.decade);
  return plainNumberWords(groups.number ?? '0');
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * One white-space separated token of a script as a voice is to read it: every number written as words
 * ("$1,000,000,000" → one billion dollars, "3rd" → third, "45%" → forty five percent, "1999" → nineteen ninety
 * nine), punctuation kept on its neighbour ("$5," → "five", "dollars,"). A token without digits comes back
 * whole. No engine sees a digit, so what an engine is given to say is what is counted (decision 054).
 */
export function spokenToken(token: string): string[] {
  if (!/\d/.test(token)) return [token];
  const spoken = token.replace(SPOKEN_NUMBER, (match: string, ...rest: unknown[]) => {
    const groups = rest.at(-1) as NumberGroups;
    const offset = rest.at(-3) as number;
    const before = LETTER_OR_DIGIT.test(token[offset - 1] ?? '') ? ' ' : '';
    const after = LETTER_OR_DIGIT.test(token[offset + match.length] ?? '') ? ' ' : '';
    return `${before}${numberWords(groups).join(' ')}${after}`;
  });
  return spoken.split(' ').filter(Boolean);
}

/** The script as a voice is to read it: each token through `spokenToken`, one space between. */
export function spokenText(script: string): string {
  return script
    .split(/\s+/)
    .filter(Boolean)
    .flatMap(spokenToken)
    .join(' ');
}

/** How many words a voice says for the script: its words once numbers are written out ("$5.50" is five). */
export function spokenWordCount(script: string): number {
  let count = 0;
  for (const token of script.split(/\s+/)) {
    if (!token) continue;
    for (const piece of spokenToken(token)) if (LETTER_OR_DIGIT.test(piece)) count += 1;
  }
  return count;
}
