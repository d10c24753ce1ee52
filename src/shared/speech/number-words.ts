const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

function belowThousand(value: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  if (hundreds > 0) words.push(ONES[hundreds]!, 'hundred');
  if (rest >= 20) words.push(TENS[Math.floor(rest / 10)]!, ...(rest % 10 > 0 ? [ONES[rest % 10]!] : []));
  else if (rest > 0 || hundreds === 0) words.push(ONES[rest]!);
  return words;
}

/** A whole number as English words ("2026" → two thousand twenty six); digit by digit past the trillions. */
export function integerWords(digits: string): string[] {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  if (trimmed.length > 15) return [...trimmed].map((digit) => ONES[Number(digit)]!);
  let value = Number(trimmed);
  if (value === 0) return ['zero'];
  const groups: string[][] = [];
  for (let scale = 0; value > 0; scale += 1, value = Math.floor(value / 1000)) {
    const group = value % 1000;
    if (group > 0) groups.unshift([...belowThousand(group), ...(scale > 0 ? [SCALES[scale]!] : [])]);
  }
  return groups.flat();
}

/** How a year is read: "1999" → nineteen ninety nine, "2026" → twenty twenty six, "1905" → nineteen oh five. */
function yearWords(digits: string): string[] | undefined {
  if (!/^[1-9]\d{3}$/.test(digits) || digits.endsWith('00') || /^[1-9]00\d$/.test(digits)) return undefined;
  const high = Number(digits.slice(0, 2));
  const low = Number(digits.slice(2));
  return [...integerWords(String(high)), ...(low < 10 ? ['oh', ONES[low]!] : integerWords(String(low)))];
}

/**
 * The ways a number as written may be spoken, most likely first: "1,000" and "3.5" (three point five), and
 * for a four-digit number also as a year, as voices read "2026".
 */
export function numberReadings(written: string): string[][] {
  const [whole = '', fraction] = written.split('.');
  const wholeDigits = whole.replaceAll(',', '');
  const fractionWords = fraction ? ['point', ...[...fraction.replace(/\D/g, '')].map((digit) => ONES[Number(digit)]!)] : [];
  const cardinal = [...integerWords(wholeDigits || '0'), ...fractionWords];
  const year = fraction ? undefined : yearWords(wholeDigits);
  return year ? [year, cardinal] : [cardinal];
}
