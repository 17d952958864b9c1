import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { journeyMachine, type JourneyEventType, type JourneyState } from './journey.model.ts';

export interface JourneyStep {
  event: JourneyEventType;
  /** The state the event leads to: its assertion is checked after the action. */
  state: JourneyState;
}

export interface Journey {
  /** e.g. `home → productList → … → orderConfirmedCod`. */
  name: string;
  /** Which generators produced this path (a path may come from both). */
  origins: ('shortest' | 'simple')[];
  /** The steps after the initial state (`home`, reached by opening the shop). */
  steps: JourneyStep[];
}

export interface ModelTransition {
  source: JourneyState;
  event: JourneyEventType;
  target: JourneyState;
}

export const initialState = journeyMachine.root.initial.target[0]!.key as JourneyState;

export const transitionKey = ({ source, event, target }: ModelTransition) =>
  `${source} --${event}--> ${target}`;

/** Every state of the model, in the order of the chart. */
export function modelStates(): JourneyState[] {
  return Object.keys(journeyMachine.root.states) as JourneyState[];
}

/** Every transition of the model: one per (state, event, target). */
export function modelTransitions(): ModelTransition[] {
  return Object.entries(journeyMachine.root.states).flatMap(([source, node]) =>
    [...node.transitions].flatMap(([event, definitions]) =>
      definitions.flatMap((definition) =>
        (definition.target ?? []).map((target) => ({
          source: source as JourneyState,
          event: event as JourneyEventType,
          target: target.key as JourneyState,
        })),
      ),
    ),
  );
}

export interface PathStats {
  /** Shortest paths: one per state. */
  shortest: number;
  /** Simple paths to a final state. */
  simple: number;
  /** Distinct event sequences among both (the empty path to the initial state left out). */
  distinct: number;
  /** Left once paths that start a longer one are dropped. */
  journeys: number;
}

type GraphPath = ReturnType<typeof getShortestPaths<typeof journeyMachine>>[number];

function toSteps(path: GraphPath): JourneyStep[] {
  // The graph API's first step is `xstate.init` into the initial state.
  return path.steps.slice(1).map((step) => ({
    event: step.event.type,
    state: step.state.value,
  }));
}

const keyOf = (steps: JourneyStep[]) => steps.map((s) => s.event).join(' ');
const isPrefix = (shorter: JourneyStep[], longer: JourneyStep[]) =>
  shorter.length < longer.length && shorter.every((step, i) => step.event === longer[i]?.event);

/**
 * The journeys the browser walks: the shortest path to every state plus every simple path (no
 * state twice) to an end of the visit (a final state), deduplicated. A path that is the start of
 * a longer one is dropped: the longer journey checks every state on the way, so nothing is lost.
 */
export function generateJourneys(): { journeys: Journey[]; stats: PathStats } {
  const generated: { origin: 'shortest' | 'simple'; steps: JourneyStep[] }[] = [
    ...getShortestPaths(journeyMachine).map((path) => ({
      origin: 'shortest' as const,
      steps: toSteps(path),
    })),
    ...getSimplePaths(journeyMachine, { toState: (snapshot) => snapshot.status === 'done' }).map((path) => ({
      origin: 'simple' as const,
      steps: toSteps(path),
    })),
  ];

  const byKey = new Map<string, Journey>();
  for (const { origin, steps } of generated) {
    if (steps.length === 0) continue;
    const key = keyOf(steps);
    const known = byKey.get(key);
    if (known) {
      if (!known.origins.includes(origin)) known.origins.push(origin);
      continue;
    }
    byKey.set(key, {
      name: [initialState, ...steps.map((s) => s.state)].join(' → '),
      origins: [origin],
      steps,
    });
  }
  const all = [...byKey.values()];
  const journeys = all
    .filter((journey) => !all.some((other) => isPrefix(journey.steps, other.steps)))
    .sort((a, b) => a.name.localeCompare(b.name));
  const count = (origin: 'shortest' | 'simple') => generated.filter((g) => g.origin === origin).length;
  return {
    journeys,
    stats: {
      shortest: count('shortest'),
      simple: count('simple'),
      distinct: all.length,
      journeys: journeys.length,
    },
  };
}

/** The states and transitions a set of journeys walks through (starting at the initial state). */
export function walkedBy(journeys: readonly Journey[]) {
  const states = new Set<JourneyState>([initialState]);
  const transitions = new Set<string>();
  for (const journey of journeys) {
    let source = initialState;
    for (const step of journey.steps) {
      states.add(step.state);
      transitions.add(transitionKey({ source, event: step.event, target: step.state }));
      source = step.state;
    }
  }
  return { states, transitions };
}
