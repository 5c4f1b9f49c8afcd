// The service's clock, learned from its answers: every answer's HTTP `Date` header says
// which second it was made in, between the request going out and the headers coming
// back. The times the service sends (an event's, a code's expiry) are read against this
// clock, and timers run on it: against a simulator sped up 60 times a minute of its time
// passes in a second, as it does for the simulator's own clients in demo mode.
//
// The model is the simplest the answers allow: the local clock (rate 1, no offset) until
// an answer disagrees, then an offset, then a rate (1, a whole number, or what the
// answers measure). A `Date` has a resolution of one second, so each answer only bounds
// the service's time; the bounds of the answers since the last jump are intersected.
// Absurd headers are ignored; a jump (a restart, the simulator's clock advanced) starts
// over from the answer that showed it, keeping the rate. Answers that come together (a
// poll's requests in parallel) cannot tell a rate: while no two answers are a second
// apart and a timer waits, the clock asks for one more answer a second after the first
// (`probe`, a few times at most) rather than wait a minute at a rate it guessed.
import { type Clock, PRIORITY, QueuedClock, runTimer, systemClock, type TimerHandle } from '../clock.ts';

/** One answer: its `Date` second began at `date`; local times of the request and of its headers. */
interface Sample {
  date: number;
  sent: number;
  received: number;
}

const SECOND = 1000;
/** The answers kept beside the first one since the last jump (each narrows the offset). */
const KEPT = 32;
/** A `Date` this far from the local clock is not a clock's (50 years). */
const MAX_SKEW_MS = 50 * 365.25 * 86_400_000;
/** Rates outside these are not believed: the local clock's rate is used instead. */
const RATES = { min: 0.001, max: 100_000 };
/** A rate within 1% of a whole number may be that number (`--speed 60`, or real time). */
const SNAP = 0.01;
/** Node timers overflow past 2^31-1 ms; a longer wait is re-armed on waking. */
const MAX_WAIT = 2 ** 31 - 1;
/** Two answers this far apart (local ms) tell the rate; a timer waiting longer is preceded by a probe. */
const RATE_SPAN = 1000;
/** The most probes a clock makes (a service whose answers keep disagreeing gets no more). */
const MAX_PROBES = 3;

/** Steps of round speeds, roundest first: a `--speed` is typed as 60 or 600, rarely as 59. */
const ROUND_STEPS = [100_000, 10_000, 1000, 100, 50, 10, 5, 1];
/** How far from the middle of the measured range a round speed may be (a fraction of it). */
const ROUND_NEAR = 0.1;

/**
 * The simplest rate the two answers allow: 1, else the roundest whole number, else the
 * middle of the range they bound; undefined when they say nothing (no time between
 * them, or the service's clock went back: a restart).
 */
function rateBetween(a: Sample, b: Sample): number | undefined {
  const shortest = b.sent - a.received;
  if (shortest <= 0) return undefined;
  const low = Math.max(0, (b.date - a.date - SECOND) / (b.received - a.sent));
  const high = (b.date - a.date + SECOND) / shortest;
  if (high <= 0) return undefined;
  const mid = (low + high) / 2;
  const within = (rate: number) => (low <= rate && rate <= high) || Math.abs(mid - rate) <= SNAP * rate;
  if (within(1)) return 1;
  for (const step of ROUND_STEPS) {
    const whole = Math.max(step, Math.round(mid / step) * step);
    // Round, but not far from the middle: a slow answer's wide range holds 50 as well as 60.
    if (within(whole) && Math.abs(mid - whole) <= ROUND_NEAR * mid) return whole;
  }
  return mid >= RATES.min && mid <= RATES.max ? mid : 1;
}

export class ServerClock extends QueuedClock {
  private rate = 1;
  /** The answers since the last jump; the first one's `sent` is `ref`. */
  private samples: Sample[] = [];
  /** The service's time at the local time `ref`. */
  private base = 0;
  private ref = 0;
  private armed?: TimerHandle;
  private probes = 0;
  private probing = false;

  /**
   * `local`: the clock of this machine (a ManualClock in tests); `probe`: asks the
   * service for one more answer (which comes back through `observe`).
   */
  constructor(
    private readonly local: Clock = systemClock,
    private readonly probe?: () => Promise<unknown>,
  ) {
    super();
  }

  /** How many of the service's milliseconds pass in one local millisecond (1 until answers say otherwise). */
  get speed(): number {
    return this.rate;
  }

  now(): number {
    const at = this.local.now();
    return this.samples.length ? this.base + this.rate * (at - this.ref) : at;
  }

  /** The local time now (to stamp a request and its answer for `observe`). */
  localNow(): number {
    return this.local.now();
  }

  /** Learns from one answer's `Date` header (an HTTP date; anything else is ignored). */
  observe(header: string | string[] | undefined, sent: number, received: number): void {
    const text = Array.isArray(header) ? header[0] : header;
    if (!text) return;
    const date = Date.parse(text);
    if (!Number.isFinite(date) || received < sent || Math.abs(date - received) > MAX_SKEW_MS) return;
    this.learn({ date, sent, received });
    this.arm();
  }

  private learn(sample: Sample): void {
    if (!this.samples.length) {
      this.restart(sample);
      return;
    }
    const all = [...this.samples, sample];
    if (this.fit(all, this.rate)) {
      // Answers further apart measure the rate more closely: a better one that fits them all is taken.
      const closer = rateBetween(this.samples[0], sample);
      if (closer !== undefined && closer !== this.rate && this.fit(all, closer)) this.rate = closer;
      else this.fit(all, this.rate);
      this.keep(sample);
      return;
    }
    // The answer disagrees: the rate is wrong (the first answers could not tell), or the
    // service's clock jumped. One on its way while the first was (a slow one of a poll's)
    // tells neither: the next answer will.
    const first = this.samples[0];
    if (sample.sent <= first.received && sample.date >= first.date) return;
    // A rate that fits every answer since the last jump is the rate; otherwise the clock jumped.
    const rate = rateBetween(first, sample);
    if (rate === undefined || rate === this.rate || !this.fit(all, rate)) {
      this.restart(sample);
      return;
    }
    this.rate = rate;
    this.keep(sample);
  }

  private keep(sample: Sample): void {
    this.samples.push(sample);
    if (this.samples.length > KEPT + 1) this.samples.splice(1, 1);
  }

  private restart(sample: Sample): void {
    this.samples = [];
    this.ref = sample.sent;
    this.fit([sample], this.rate);
    this.samples.push(sample);
  }

  /**
   * Sets `base` to one every sample allows at `rate` (the local clock's own when it is
   * one of them); false when none is.
   */
  private fit(samples: Sample[], rate: number): boolean {
    let low = -Infinity;
    let high = Infinity;
    for (const s of samples) {
      low = Math.max(low, s.date - rate * (s.received - this.ref));
      high = Math.min(high, s.date + SECOND - rate * (s.sent - this.ref));
    }
    if (low > high) return false;
    this.base = rate === 1 && low <= this.ref && this.ref <= high ? this.ref : (low + high) / 2;
    return true;
  }

  /** Whether the rate is measured: answers since the last jump a second apart (or more). */
  private rateKnown(): boolean {
    const last = this.samples.at(-1);
    return last !== undefined && last.sent - this.samples[0].received >= RATE_SPAN;
  }

  /**
   * In how many local ms a probe would tell the rate (0: now; a second after the first
   * answer since the last jump); undefined when none is wanted: no answer yet, the rate
   * known, a probe on its way or none left.
   */
  private probeDueIn(): number | undefined {
    if (!this.probe || !this.samples.length || this.rateKnown() || this.probing || this.probes >= MAX_PROBES)
      return undefined;
    return Math.max(0, this.samples[0].received + RATE_SPAN - this.local.now());
  }

  protected override timersChanged(): void {
    this.arm();
  }

  /** One local timer for the earliest of ours, at the rate known now (re-armed when it changes). */
  private arm(): void {
    this.armed?.cancel();
    this.armed = undefined;
    const first = this.timers.earliest();
    if (first === undefined) return;
    // At least a whole local millisecond: a wake that comes a hair early would re-arm for ever.
    const ahead = first - this.now();
    let wait = ahead <= 0 ? 0 : Math.min(MAX_WAIT, Math.max(1, Math.ceil(ahead / this.rate)));
    const probeIn = this.probeDueIn();
    if (probeIn !== undefined) wait = Math.min(wait, probeIn);
    this.armed = this.local.setTimeout(() => this.wake(), wait, PRIORITY.store);
  }

  /**
   * Runs every timer due, together (a slow one does not hold up the others), and a probe
   * when one is due; then re-arms.
   */
  private wake(): Promise<unknown> {
    this.armed = undefined;
    const runs: Promise<unknown>[] = [];
    for (let next = this.timers.takeDue(this.now()); next; next = this.timers.takeDue(this.now()))
      runs.push(runTimer(next.fn, true));
    if (this.probeDueIn() === 0) {
      this.probes++;
      this.probing = true;
      runs.push(
        this.probe!()
          .catch(() => {})
          .finally(() => {
            this.probing = false;
            this.arm();
          }),
      );
    }
    this.arm();
    return Promise.all(runs);
  }
}
