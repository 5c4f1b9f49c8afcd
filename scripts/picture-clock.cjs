// Preloaded (NODE_OPTIONS=--require) by `npm run picture`: the wall clock stands still at
// NETDECK_PICTURE_TIME, so the demo's header, its world and its answers are the same on
// every run. Timers still run in real time; the simulator's next tick (60 s away) never
// comes while the picture is taken.
const FIXED = Date.parse(process.env.NETDECK_PICTURE_TIME ?? '2026-01-01T12:00:00Z');
const RealDate = Date;

class FixedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(FIXED);
    else super(...args);
  }

  static now() {
    return FIXED;
  }
}

globalThis.Date = FixedDate;
