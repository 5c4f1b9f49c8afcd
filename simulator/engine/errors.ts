/** A failure that the HTTP layer sends as a plain-text status (400 wallet not owned, ...). */
export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SimError';
  }
}

/** A refusal the service answers with 200 and a message (`{"error": {"message"}}`). */
export type Failure = { error: { message: string } };
export const failure = (message: string): Failure => ({ error: { message } });
/** What an action answers that has nothing to say once done (`{}`), or its refusal. */
export type Done = Record<string, never> | Failure;
