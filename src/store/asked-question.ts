// The stores' side of the y/n question before an action that changes something
// (src/ui/components/question.tsx): asked, then sent, then done or failed, in words.

export interface AskedQuestion {
  phase: 'ask' | 'sending' | 'done' | 'failed';
  message?: string;
}

/** Where a store keeps what it asks, when its state calls it `question`. */
interface QuestionSlot<Q> {
  get(): Q | undefined;
  set(question: Q | undefined): void;
}

/** The slot of a store whose state holds its question under `question`. */
export const questionSlot = <Q>(
  get: () => { question?: Q },
  set: (patch: { question: Q | undefined }) => void,
): QuestionSlot<Q> => ({ get: () => get().question, set: (question) => set({ question }) });

/**
 * Answers the question the slot holds: no forgets it; yes runs `act`, whose words say
 * what was done, then `after` (a reload), or says why it failed in `failure`'s words.
 */
export async function answerQuestion<Q extends AskedQuestion>(
  yes: boolean,
  slot: QuestionSlot<Q>,
  steps: {
    act(question: Q): Promise<string>;
    failure(error: unknown): string;
    after?(): Promise<void>;
  },
): Promise<void> {
  const question = slot.get();
  if (question?.phase !== 'ask') return;
  if (!yes) return slot.set(undefined);
  const update = (patch: AskedQuestion) => {
    const now = slot.get();
    if (now) slot.set({ ...now, ...patch });
  };
  update({ phase: 'sending' });
  try {
    update({ phase: 'done', message: await steps.act(question) });
    await steps.after?.();
  } catch (error) {
    update({ phase: 'failed', message: steps.failure(error) });
  }
}
