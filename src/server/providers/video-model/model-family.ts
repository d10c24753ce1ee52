/** Model IDs of the Gemini Omni family go through the Interactions API; every other video ID is a Veo model. */
export function isOmniModel(model: string): boolean {
  return model.startsWith('gemini-omni');
}
