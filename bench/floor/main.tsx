import { useMachine } from '@xstate/react';
import { ofetch } from 'ofetch';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import * as v from 'valibot';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { assign, fromPromise, setup } from 'xstate';

/**
 * The benchmark's floor (docs/perf.md): the shop's runtime libraries (React, react-dom, XState,
 * @xstate/react, wouter with hash routing, ofetch, valibot) rendering one component, built with
 * the shop's Vite config. Whatever the shop downloads or paints beyond this is its own cost.
 */
const Greeting = v.object({ text: v.string() });

const machine = setup({
  actors: {
    load: fromPromise(async () => v.parse(Greeting, await ofetch<unknown>('./greeting.json'))),
  },
}).createMachine({
  id: 'floor',
  context: { text: 'Namaste' },
  initial: 'idle',
  states: {
    idle: { on: { load: 'loading' } },
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'idle', actions: assign({ text: ({ event }) => event.output.text }) },
        onError: 'idle',
      },
    },
  },
});

function Floor() {
  const [state, send] = useMachine(machine);
  return (
    <main>
      <h1>{state.context.text}</h1>
      <button type="button" onClick={() => send({ type: 'load' })}>
        Load
      </button>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Router hook={useHashLocation}>
      <Switch>
        <Route component={Floor} />
      </Switch>
    </Router>
  </StrictMode>,
);
