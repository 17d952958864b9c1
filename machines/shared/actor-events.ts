import { fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { messageOf } from './message-of.ts';

/** An action's params: what an invoked actor answered (`params: outputOf<Page>`). */
export const outputOf = <T>({ event }: { event: DoneActorEvent<T> }): T => event.output;

/** An action's params: what an invoked actor threw. */
export const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

/** An action's params: the words of what an invoked actor threw, or the fallback (see messageOf). */
export const errorMessageOr =
  (fallback: string) =>
  ({ event }: { event: ErrorActorEvent }): string =>
    messageOf(event.error, fallback);

/** The stand-in for an actor the app must supply with .provide(): it fails, saying so. */
export const unprovided = <Output, Input>(message: string) =>
  fromPromise<Output, Input>(() => Promise.reject(new Error(message)));
