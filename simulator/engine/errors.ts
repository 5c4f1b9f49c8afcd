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
