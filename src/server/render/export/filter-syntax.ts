/**
 * Writing ffmpeg filter graphs safely. A value passes two parsers: the filter's own option parser
 * (`key=value:key=value`, where `'…'` quotes and `\` escapes) and then, around that, the graph
 * parser (which splits on `[ ] , ;` and also honours quotes and `\`). So a value is quoted for the
 * first and the whole option string escaped for the second; the result reaches the filter verbatim.
 */

export type FilterOptions = ReadonlyArray<readonly [string, string | number]>;

/** A number for a filter graph: short, exact enough (six decimals), no exponent. */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(6).replace(/\.?0+$/, '');
}

const PLAIN_OPTION = /^[A-Za-z0-9_.+\-*/()#]*$/;

/** One option value as the filter's option parser reads it back exactly. */
export function quoteOptionValue(value: string): string {
  if (value !== '' && PLAIN_OPTION.test(value)) return value;
  // Inside '…' nothing is special; a quote closes, is escaped, and reopens.
  return `'${value.replace(/'/g, "'\\''")}'`;
}

/** Escapes what the graph parser would otherwise act on. */
export function escapeForGraph(text: string): string {
  return text.replace(/[\\'[\],;]/g, (character) => `\\${character}`);
}

/** `name=key=value:…`, ready to join into a filter chain with commas. */
export function filter(name: string, options: FilterOptions = []): string {
  if (options.length === 0) return name;
  const text = options.map(([key, value]) => `${key}=${quoteOptionValue(String(value))}`).join(':');
  return `${name}=${escapeForGraph(text)}`;
}
