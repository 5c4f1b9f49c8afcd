// The simulator is handed its era's profile once, when it is created: createSimulator looks
// it up (simulator/eras/), and the engine and its HTTP layer play the profile they hold,
// not one they look up again by the era's name.
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../simulator/engine/index.ts';
import { eraProfile } from '../../../simulator/eras/index.ts';
import { createSimulator, type Simulator } from '../../../simulator/index.ts';
import { ManualClock } from '../../../src/clock.ts';
import { DEFAULT_ERA, ERAS } from '../../../src/contract/eras.ts';

const feedback = { uses: { personal: true } };

describe('the era profile a simulator is handed', () => {
  let sim: Simulator | undefined;
  afterEach(() => sim?.close());

  it.each(ERAS)('createSimulator hands the engine the profile of the era asked for (%s)', async (era) => {
    sim = await createSimulator({ era, clock: new ManualClock(), providers: 300, locations: 60 });
    expect(sim.engine.profile).toBe(eraProfile(era));
    expect(sim.era).toBe(era);
  });

  it('the engine plays the rules of the profile it holds, even one no era has', () => {
    const played = eraProfile(DEFAULT_ERA);
    const rules = (feedbackAnswersId: boolean) =>
      createEngine({
        seed: 42,
        providers: 300,
        locations: 60,
        clock: new ManualClock(),
        profile: { ...played, feedbackAnswersId },
      });
    for (const feedbackAnswersId of [true, false]) {
      const engine = rules(feedbackAnswersId);
      const demo = { networkId: engine.demoNetwork.id, networkName: engine.demoNetwork.name };
      const answer = engine.handle('sendFeedback', feedback, demo);
      expect(answer.feedback_id !== undefined, `feedbackAnswersId ${feedbackAnswersId}`).toBe(
        feedbackAnswersId,
      );
      expect(engine.era).toBe(played.era);
    }
  });
});
