/** A title suggested by a file's name: without its extension, dashes and underscores as spaces, cut to `maxLength`. */
export function titleFromFileName(name: string, maxLength: number): string {
  return name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, maxLength);
}
