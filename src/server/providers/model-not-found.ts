/**
 * The provider does not know the configured model: its ID is wrong, or the provider retired it (before the
 * call, or while an operation made by it was running). Nothing will change until an operator sets another
 * model, so it is never retried; the caller names the variable that chooses the model (catalog roles).
 */
export class ModelNotFoundError extends Error {
  override name = 'ModelNotFoundError';
  constructor(
    readonly model: string,
    /** What the provider said, without secrets, for the operator's log. */
    readonly providerMessage: string,
  ) {
    super(`The provider does not know the model "${model}": ${providerMessage}`);
  }
}
