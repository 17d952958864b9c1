export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The clock a test moves by hand (the shop's, or a machine's `now`): starts at `start`, or the
 * real time, and moves only when told.
 */
export class TestClock {
  #now: number;
  constructor(start: Date | string = new Date()) {
    this.#now = new Date(start).getTime();
  }
  now = () => new Date(this.#now);
  advance(ms: number) {
    this.#now += ms;
  }
  set(at: Date | string) {
    this.#now = new Date(at).getTime();
  }
}
