/**
 * The model-based test harness for the statecharts (issue 6).
 *
 * For each machine a `MachineModel` names its event fixtures (every event type, checked by the
 * compiler), the outcomes of its actors (what each invoked actor may resolve or reject with), the
 * inputs it starts from, and an abstraction of its context (the few facts its guards read, so the
 * state space the traversal explores stays finite).
 *
 * `planModel` replaces every invoked promise actor with a controllable one that never settles by
 * itself, and lets `xstate/graph` traverse the machine with the fixtures plus "environment" events
 * derived from the actors and delays: `xstate.done.actor.<id>` with each fixture output,
 * `xstate.error.actor.<id>` with each fixture error, `xstate.after.<delay>.<state>`. It generates
 * the shortest path (`getShortestPaths`) to every state, and continues each by every event that
 * state handles (`getAdjacencyMap`), so every transition the fixtures can reach is taken; where
 * asked, also bounded simple paths (`getSimplePaths`) over a coarser abstraction.
 *
 * `runPath` replays a path on a real `createActor(machine)`: user events are sent, a done/error
 * step settles the pending test actor of that invoke, a delay step advances the fake clock by the
 * delay. After every step the actor must be in the step's state (value and abstract context).
 *
 * `CoverageRecorder` watches the running actors through the inspection API (`@xstate.microstep`
 * carries the transition definitions taken) and compares with everything the definition holds:
 * every state node, every transition (each `on` candidate, `always`, `after`, invoke
 * `onDone`/`onError`/`onSnapshot`, enumerated from `machine.root`), and both sides of every guard.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { vi } from 'vitest';
import {
  assign,
  createActor,
  fromPromise,
  setup,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type OutputFrom,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, getStateNodes } from 'xstate/graph';

/** The fixed "now" of every model run (fake timers), so guards that read the clock are stable. */
export const MODEL_NOW = new Date('2026-03-02T06:30:00.000Z');

/** An instant `ms` from the model runs' fixed clock (MODEL_NOW), as the API writes instants. */
export const modelTime = (ms: number) => new Date(MODEL_NOW.getTime() + ms).toISOString();

/** The fake timers the model runs need: the clock and timeouts, never the microtask queue. */
export const MODEL_FAKE_TIMERS = {
  now: MODEL_NOW,
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
} satisfies Parameters<typeof vi.useFakeTimers>[0];

/* ------------------------------------------------------------------------------------------
 * Fixtures
 * ---------------------------------------------------------------------------------------- */

type NonEmpty<T> = readonly [T, ...T[]];

/**
 * One or more fixtures for every event type of the machine. A `Record` over `Event['type']`:
 * adding an event to the union does not compile until it has a fixture here.
 */
export type EventFixtures<TEvent extends EventObject> = {
  [K in TEvent['type']]: NonEmpty<Extract<TEvent, { type: K }>>;
};

/** The fixtures of events that carry nothing but their type: each is sent once, as it is. */
export function bareEvents<const TType extends string>(...types: TType[]): { [K in TType]: [{ type: K }] } {
  return Object.fromEntries(types.map((type) => [type, [{ type }]])) as { [K in TType]: [{ type: K }] };
}

/** The actor logics a machine names in `setup({ actors })`, by name. */
type ActorLogics<TMachine extends AnyStateMachine> = Required<
  NonNullable<NonNullable<Parameters<TMachine['provide']>[0]>['actors']>
>;

/** A child machine kept real: the harness produces its snapshots by driving it. */
export interface DrivenChild<TLogic extends AnyActorLogic> {
  /** Snapshots the parent's `onSnapshot` may see (each becomes an `xstate.snapshot.<id>` event). */
  snapshots: NonEmpty<SnapshotFrom<TLogic>>;
  /** Make the running child emit a snapshot like the fixture (e.g. send it an event). */
  drive: (child: ActorRefFrom<TLogic>, snapshot: SnapshotFrom<TLogic>) => void;
}

/**
 * What an invoked actor may answer. A promise actor is replaced by a controllable test actor:
 * every `done` output and every `error` becomes an event the path generator can choose, and so
 * does every `snapshot` (handed to the parent as the child would report it, for its `onSnapshot`).
 */
export type ActorOutcomes<TLogic extends AnyActorLogic> =
  | {
      done?: readonly OutputFrom<TLogic>[];
      error?: readonly unknown[];
      snapshots?: readonly SnapshotFrom<TLogic>[];
      driven?: undefined;
    }
  | { driven: DrivenChild<TLogic>; done?: undefined; error?: undefined; snapshots?: undefined };

/** Outcomes for every actor the machine names: a new actor does not compile without them. */
export type ActorFixtures<TMachine extends AnyStateMachine> = {
  [K in keyof ActorLogics<TMachine>]: ActorOutcomes<ActorLogics<TMachine>[K]>;
};

export interface ModelInput<TMachine extends AnyStateMachine> {
  /** Names the start-up situation in test names and failure messages. */
  label: string;
  input: InputFrom<TMachine>;
}

export interface SimplePathOptions<TMachine extends AnyStateMachine> {
  /** A coarser abstraction than `abstract` keeps the number of simple paths small. */
  abstract?: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /** Only simple paths ending in such a state are run. */
  toState?: (snapshot: SnapshotFrom<TMachine>) => boolean;
  /** Events left out of the simple paths (the shortest paths still offer them everywhere). */
  filterEvents?: (snapshot: SnapshotFrom<TMachine>, event: EventFromLogic<TMachine>) => boolean;
  /** At most this many simple paths per input (the longest first, evenly spread). */
  max: number;
}

export interface MachineModel<TMachine extends AnyStateMachine> {
  /** The machine's folder under machines/. */
  name: string;
  machine: TMachine;
  /** Each input is traversed from its own initial state; coverage is their union. */
  inputs: NonEmpty<ModelInput<TMachine>>;
  events: EventFixtures<EventFromLogic<TMachine>>;
  actors: ActorFixtures<TMachine>;
  /**
   * The facts of the context that the guards read, as a small JSON value: states with the same
   * value and facts are one node of the traversal, and the run compares them after every step.
   */
  abstract: (snapshot: SnapshotFrom<TMachine>) => unknown;
  simplePaths?: SimplePathOptions<TMachine>;
  /**
   * Guarded transitions whose guard can never be false where they are evaluated, by label, with
   * the reason. The run checks that they really are never seen false, so the list stays true.
   */
  unreachableGuardFalseSides?: Record<string, string>;
}

/* ------------------------------------------------------------------------------------------
 * Controllable actors
 * ---------------------------------------------------------------------------------------- */

interface Settler {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** The pending promise of every running test actor, by the actor itself. */
const settlers = new WeakMap<AnyActorRef, Settler>();

/** Never settles by itself: the path's next `done`/`error` step decides. */
const controllablePromise = fromPromise<unknown, unknown>(
  ({ self }) =>
    new Promise((resolve, reject) => {
      settlers.set(self, { resolve, reject });
    }),
);

/**
 * Stands in for a child machine whose parent reads its snapshots (`onSnapshot`): its own snapshots
 * are machine snapshots (waiting, no tags), and its answer is its inner controllable promise's.
 */
const controllableMachine = setup({
  types: { context: {} as { output: unknown } },
  actors: { answer: controllablePromise },
}).createMachine({
  context: { output: undefined },
  initial: 'waiting',
  states: {
    waiting: {
      invoke: {
        id: 'answer',
        src: 'answer',
        onDone: { target: 'done', actions: assign({ output: ({ event }) => event.output }) },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }): unknown => context.output,
});

/* ------------------------------------------------------------------------------------------
 * The machine's inventory: every state node and every transition
 * ---------------------------------------------------------------------------------------- */

type DelayConfig = number | string | ((args: { context: unknown; event: AnyEventObject }) => number);

export interface Inventory {
  states: AnyStateNode[];
  transitions: AnyTransitionDefinition[];
  guarded: AnyTransitionDefinition[];
  /** Invoke id -> actor name, to name done/error events. */
  invokeSources: Map<string, string>;
  /** `xstate.after.<delay>.<state>` -> the delay as configured (ms, a delay's name or a function). */
  delays: Map<string, DelayConfig>;
}

function isWithin(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

export function inventoryOf(machine: AnyStateMachine): Inventory {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const transitions = nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
  const invokeSources = new Map<string, string>();
  const delays = new Map<string, DelayConfig>();
  for (const node of nodes) {
    for (const invoke of node.invoke) invokeSources.set(invoke.id, invoke.src as string);
    for (const delayed of node.after) delays.set(String(delayed.eventType), delayed.delay as DelayConfig);
  }
  return {
    states: nodes.filter((node) => node !== machine.root),
    transitions,
    guarded: transitions.filter((t) => t.guard !== undefined),
    invokeSources,
    delays,
  };
}

function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (fn.guards) return `${fn.name}(${fn.guards.map(guardLabel).join(', ')})`;
    if (fn.stateValue !== undefined) return `${fn.name}(${JSON.stringify(fn.stateValue)})`;
    return fn.name || 'inline';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'guard';
}

function eventLabel(eventType: string, inventory: Inventory): string {
  if (eventType === '') return 'always';
  for (const [prefix, short] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ] as const) {
    if (eventType.startsWith(prefix)) {
      const id = eventType.slice(prefix.length);
      return `${short}:${inventory.invokeSources.get(id) ?? id}`;
    }
  }
  const delay = inventory.delays.get(eventType);
  if (delay !== undefined) return `after:${typeof delay === 'function' ? 'inline' : delay}`;
  return eventType;
}

function candidatesOf(t: AnyTransitionDefinition): AnyTransitionDefinition[] {
  const eventType = String(t.eventType);
  return (eventType === '' ? t.source.always : t.source.transitions.get(eventType)) ?? [t];
}

/** e.g. `checkout.editing: checkout.submit #1 [hasNoAddress] → (stays)`. */
export function transitionLabel(t: AnyTransitionDefinition, inventory: Inventory): string {
  const candidates = candidatesOf(t);
  const index = candidates.length > 1 ? ` #${candidates.indexOf(t) + 1}` : '';
  const guard = t.guard === undefined ? '' : ` [${guardLabel(t.guard)}]`;
  const targets = t.target?.length ? t.target.map((n) => n.id).join(', ') : '(stays)';
  return `${t.source.id}: ${eventLabel(String(t.eventType), inventory)}${index}${guard} → ${targets}`;
}

/**
 * The definition as text, one state node or transition a line: pinned beside the model, so a
 * transition removed without making anything else unreachable still fails a test.
 */
export function inventoryText(plan: Pick<ModelPlan, 'name' | 'inventory'>): string {
  const { inventory } = plan;
  return [
    `# ${plan.name}: ${inventory.states.length} states, ${inventory.transitions.length} transitions`,
    ...inventory.states.map((node) => `state ${node.id}`),
    ...inventory.transitions.map((t) => `transition ${transitionLabel(t, inventory)}`),
    '',
  ].join('\n');
}

/* ------------------------------------------------------------------------------------------
 * Paths
 * ---------------------------------------------------------------------------------------- */

export interface ModelStep {
  event: AnyEventObject;
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  kind: 'shortest' | 'simple';
  inputLabel: string;
  input: unknown;
  /** steps[0] is the initial state (event `xstate.init`); each next step is an event and the state it leads to. */
  steps: ModelStep[];
  /** How a step's state is compared with the actor's: the abstraction the path was generated with. */
  key: (snapshot: AnyMachineSnapshot) => string;
  name: string;
}

export interface ModelPlan {
  name: string;
  /** The machine with its actors replaced by controllable ones: what is traversed and run. */
  machine: AnyStateMachine;
  inventory: Inventory;
  paths: ModelPath[];
  key: (snapshot: AnyMachineSnapshot) => string;
  /** The fixtures offered in a state: user events and environment events it handles. */
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  exemptions: Record<string, string>;
  driven: Map<string, DrivenChild<AnyActorLogic>>;
}

/** Errors and snapshots as JSON, so two error fixtures stay two events for the traversal. */
export function serializeEvent(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, value: unknown) => {
    if (value instanceof Error) return { error: value.name, ...value, message: value.message };
    if (value && typeof value === 'object' && 'machine' in value && 'value' in value) {
      return { snapshot: (value as { value: unknown }).value };
    }
    return value;
  });
}

function describeEvent(event: AnyEventObject, inventory: Inventory): string {
  const { type, ...rest } = event;
  const label = eventLabel(type, inventory);
  const text = Object.keys(rest).length ? ` ${serializeEvent(rest as AnyEventObject)}` : '';
  return `${label}${text.length > 70 ? `${text.slice(0, 67)}...` : text}`;
}

function environmentEvents(
  machine: AnyStateMachine,
  inventory: Inventory,
  actors: Record<string, ActorOutcomes<AnyActorLogic>>,
): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  for (const node of nodes) {
    for (const invoke of node.invoke) {
      const src = invoke.src as string;
      const outcomes = actors[src];
      const wants = (prefix: string) => node.transitions.has(`${prefix}${invoke.id}`);
      const need = (what: string, list: readonly unknown[] | undefined) => {
        if (!list?.length)
          throw new Error(
            `${machine.id}: ${node.id} handles ${what}:${src} but the model has no ${what} fixture for ${src}`,
          );
        return list;
      };
      if (wants('xstate.done.actor.')) {
        for (const output of need('done', outcomes?.done))
          events.push({ type: `xstate.done.actor.${invoke.id}`, output });
      }
      if (wants('xstate.error.actor.')) {
        for (const error of need('error', outcomes?.error))
          events.push({ type: `xstate.error.actor.${invoke.id}`, error });
      }
      if (wants('xstate.snapshot.')) {
        for (const snapshot of need('snapshot', outcomes?.driven?.snapshots ?? outcomes?.snapshots)) {
          events.push({ type: `xstate.snapshot.${invoke.id}`, snapshot });
        }
      }
    }
  }
  for (const eventType of inventory.delays.keys()) events.push({ type: eventType });
  return events;
}

/** Drops every path whose events are a prefix of another path's: the longer one checks the same states. */
function withoutPrefixes(paths: ModelPath[]): ModelPath[] {
  const ids = new Map<string, number>();
  const idOf = (event: AnyEventObject) => {
    const text = serializeEvent(event);
    let id = ids.get(text);
    if (id === undefined) ids.set(text, (id = ids.size));
    return id;
  };
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const prefixes = new Set<string>();
  const kept: ModelPath[] = [];
  for (const path of sorted) {
    const events = path.steps.slice(1).map((step) => idOf(step.event));
    if (prefixes.has(`${path.inputLabel}:${events.join(',')}`)) continue;
    kept.push(path);
    let prefix = `${path.inputLabel}:`;
    prefixes.add(prefix);
    events.forEach((id, i) => prefixes.add((prefix += `${i ? ',' : ''}${id}`)));
  }
  return kept;
}

/** At most `max` items, spread evenly over the list. */
function spread<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  return Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)] as T);
}

/** Keeps the traversal from running away when an abstraction is not finite. */
const TRAVERSAL_LIMIT = 50_000;

export function planModel<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): ModelPlan {
  const actors = model.actors as Record<string, ActorOutcomes<AnyActorLogic>>;
  const replaced = Object.fromEntries(
    Object.entries(actors)
      .filter(([, outcomes]) => !outcomes.driven)
      .map(([name, outcomes]) => [name, outcomes.snapshots ? controllableMachine : controllablePromise]),
  );
  const machine = (model.machine as AnyStateMachine).provide({ actors: replaced }) as AnyStateMachine;
  const inventory = inventoryOf(machine);
  const driven = new Map<string, DrivenChild<AnyActorLogic>>();
  for (const [name, outcomes] of Object.entries(actors))
    if (outcomes.driven) driven.set(name, outcomes.driven);

  const fixtures = [
    ...Object.values(model.events as Record<string, readonly AnyEventObject[]>).flat(),
    ...environmentEvents(machine, inventory, actors),
  ];
  // Offered where some active state node handles them (xstate's default for machines, which an
  // explicit `events` option replaces).
  const events = (snapshot: AnyMachineSnapshot) => {
    const handled = new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]));
    return fixtures.filter((event) => handled.has(event.type));
  };
  const keyOf = (abstract: (snapshot: AnyMachineSnapshot) => unknown) => (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([snapshot.value, abstract(snapshot)]);
  const key = keyOf(model.abstract as (snapshot: AnyMachineSnapshot) => unknown);

  const toModelPath = (
    kind: ModelPath['kind'],
    input: ModelInput<TMachine>,
    steps: ModelStep[],
    pathKey: (snapshot: AnyMachineSnapshot) => string,
  ): ModelPath => {
    const route = steps
      .slice(1)
      .map((s) => describeEvent(s.event, inventory))
      .join(' → ');
    const end = JSON.stringify((steps[steps.length - 1] as ModelStep).state.value);
    return {
      kind,
      inputLabel: input.label,
      input: input.input,
      steps,
      key: pathKey,
      name: `${kind} [${input.label}] ${route || '(start)'} ⇒ ${end}`,
    };
  };
  const stepsOf = (path: { steps: readonly { event: unknown; state: unknown }[] }): ModelStep[] =>
    path.steps.map(({ event, state }) => ({
      event: event as AnyEventObject,
      state: state as AnyMachineSnapshot,
    }));

  const paths: ModelPath[] = [];
  for (const input of model.inputs) {
    const options = {
      input: input.input as unknown,
      events,
      serializeEvent,
      serializeState: key,
      limit: TRAVERSAL_LIMIT,
    };
    // Shortest paths to every state, each continued by every event its state handles: together
    // they take every transition the fixtures can reach (self-loops and guarded refusals too).
    const toState = new Map(
      getShortestPaths(machine, options).map((path) => [key(path.state), stepsOf(path)]),
    );
    const adjacency = getAdjacencyMap(machine, options);
    const shortest: ModelPath[] = [];
    for (const [stateKey, { transitions }] of Object.entries(adjacency)) {
      const head = toState.get(stateKey);
      if (!head) continue;
      shortest.push(toModelPath('shortest', input, head, key));
      for (const { event, state } of Object.values(transitions as Record<string, ModelStep>)) {
        shortest.push(toModelPath('shortest', input, [...head, { event, state }], key));
      }
    }
    paths.push(...withoutPrefixes(shortest));

    if (model.simplePaths) {
      const simpleOptions = model.simplePaths;
      const coarseKey = simpleOptions.abstract
        ? keyOf(simpleOptions.abstract as (snapshot: AnyMachineSnapshot) => unknown)
        : key;
      const simple = getSimplePaths(machine, {
        ...options,
        serializeState: coarseKey,
        filterEvents: simpleOptions.filterEvents as
          ((snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean) | undefined,
        toState: simpleOptions.toState as ((snapshot: AnyMachineSnapshot) => boolean) | undefined,
      });
      const longestFirst = withoutPrefixes(
        simple.map((path) => toModelPath('simple', input, stepsOf(path), coarseKey)),
      );
      paths.push(...spread(longestFirst, simpleOptions.max));
    }
  }
  return {
    name: model.name,
    machine,
    inventory,
    paths,
    key,
    events,
    exemptions: model.unreachableGuardFalseSides ?? {},
    driven,
  };
}

/* ------------------------------------------------------------------------------------------
 * Coverage
 * ---------------------------------------------------------------------------------------- */

export interface CoverageFigures {
  covered: number;
  total: number;
  missing: string[];
}

export interface MachineCoverage {
  name: string;
  states: CoverageFigures;
  transitions: CoverageFigures;
  /** Both sides of every guard: taken (true) and evaluated false, less the documented exemptions. */
  guards: CoverageFigures & { exempt: Record<string, string>; exemptButSeen: string[] };
  paths: { shortest: number; simple: number };
}

const ROOT_ACTOR_ID = 'model-under-test';

export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly taken = new Set<AnyTransitionDefinition>();
  readonly seenFalse = new Set<AnyTransitionDefinition>();
  readonly pathsRun = { shortest: 0, simple: 0 };
  /** The actor's snapshot before the microstep being inspected. */
  private previous: AnyMachineSnapshot | undefined;

  constructor(readonly plan: ModelPlan) {}

  /** Where the next stimulus starts from (the actor is at rest). */
  atRest(snapshot: AnyMachineSnapshot): void {
    this.previous = snapshot;
    for (const node of snapshot._nodes) {
      this.states.add(node.id);
      // At rest every eventless candidate of every active node was evaluated and found false.
      for (const t of node.always ?? []) if (t.guard !== undefined) this.seenFalse.add(t);
    }
  }

  readonly inspect = (inspection: InspectionEvent): void => {
    if (inspection.type !== '@xstate.microstep' || (inspection.actorRef as AnyActorRef).id !== ROOT_ACTOR_ID)
      return;
    const snapshot = inspection.snapshot as AnyMachineSnapshot;
    const taken = inspection._transitions;
    for (const node of snapshot._nodes) this.states.add(node.id);
    for (const t of taken) {
      this.taken.add(t);
      for (let n: AnyStateNode | undefined = t.source; n?.parent; n = n.parent) this.states.add(n.id);
      // Candidates are tried in order: those before the one taken were evaluated false.
      for (const candidate of candidatesOf(t)) {
        if (candidate === t) break;
        if (candidate.guard !== undefined) this.seenFalse.add(candidate);
      }
    }
    const eventless = taken.length > 0 && taken.every((t) => t.eventType === '');
    if (!eventless && this.previous) this.noteSelection(this.previous, inspection.event, taken);
    this.previous = snapshot;
  };

  /** The event was offered to every active node that handles it, innermost first. */
  private noteSelection(
    before: AnyMachineSnapshot,
    event: AnyEventObject,
    taken: AnyTransitionDefinition[],
  ): void {
    for (const node of before._nodes) {
      const candidates = node.transitions.get(event.type);
      if (!candidates) continue;
      // A descendant took the event first: this node's candidates were not evaluated.
      if (taken.some((t) => t.source !== node && isWithin(t.source, node))) continue;
      for (const candidate of candidates) {
        if (taken.includes(candidate)) break;
        if (candidate.guard !== undefined) this.seenFalse.add(candidate);
      }
    }
  }

  report(): MachineCoverage {
    const { inventory, exemptions } = this.plan;
    const label = (t: AnyTransitionDefinition) => transitionLabel(t, inventory);
    const missingStates = inventory.states.filter((s) => !this.states.has(s.id)).map((s) => s.id);
    const missingTransitions = inventory.transitions.filter((t) => !this.taken.has(t)).map(label);
    const guardSides = inventory.guarded.flatMap((t) => [
      { name: `${label(t)} (true)`, seen: this.taken.has(t), exempt: false },
      { name: `${label(t)} (false)`, seen: this.seenFalse.has(t), exempt: label(t) in exemptions },
    ]);
    const counted = guardSides.filter((side) => !side.exempt);
    const unknownExemptions = Object.keys(exemptions).filter(
      (name) => !inventory.guarded.some((t) => label(t) === name),
    );
    return {
      name: this.plan.name,
      states: {
        covered: inventory.states.length - missingStates.length,
        total: inventory.states.length,
        missing: missingStates,
      },
      transitions: {
        covered: inventory.transitions.length - missingTransitions.length,
        total: inventory.transitions.length,
        missing: missingTransitions,
      },
      guards: {
        covered: counted.filter((side) => side.seen).length,
        total: counted.length,
        missing: counted.filter((side) => !side.seen).map((side) => side.name),
        exempt: exemptions,
        exemptButSeen: [
          ...guardSides.filter((side) => side.exempt && side.seen).map((side) => side.name),
          ...unknownExemptions.map((name) => `${name} (no such guarded transition)`),
        ],
      },
      paths: { ...this.pathsRun },
    };
  }
}

/** Throws with the list of what is unreached or untested. */
export function assertFullCoverage(coverage: MachineCoverage): void {
  const problems: string[] = [];
  const list = (title: string, items: string[]) => {
    if (items.length) problems.push(`${title}:\n${items.map((item) => `  - ${item}`).join('\n')}`);
  };
  list(`unreached states (${coverage.states.covered}/${coverage.states.total})`, coverage.states.missing);
  list(
    `untested transitions (${coverage.transitions.covered}/${coverage.transitions.total})`,
    coverage.transitions.missing,
  );
  list(
    `untested guard branches (${coverage.guards.covered}/${coverage.guards.total})`,
    coverage.guards.missing,
  );
  list(
    'guard branches listed as unreachable but reached (remove them from unreachableGuardFalseSides)',
    coverage.guards.exemptButSeen,
  );
  if (problems.length)
    throw new Error(
      `${coverage.name}: the generated paths do not cover the machine.\n${problems.join('\n')}`,
    );
}

/* ------------------------------------------------------------------------------------------
 * Running a path
 * ---------------------------------------------------------------------------------------- */

/** Lets settled promises reach the machine (a promise actor reports on a later microtask). */
async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

function delayOf(plan: ModelPlan, eventType: string, snapshot: AnyMachineSnapshot): number {
  const configured = plan.inventory.delays.get(eventType);
  const implementation =
    typeof configured === 'string'
      ? (plan.machine.implementations.delays as Record<string, DelayConfig | undefined>)[configured]
      : configured;
  if (typeof implementation === 'number') return implementation;
  if (typeof implementation === 'function')
    return implementation({ context: snapshot.context, event: { type: eventType } });
  throw new Error(`No delay for ${eventType}`);
}

/** Makes the real actor live through the step's event. */
async function stimulate(plan: ModelPlan, actor: AnyActorRef, event: AnyEventObject): Promise<void> {
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  const childOf = (id: string) => {
    const child = (snapshot.children as Record<string, AnyActorRef | undefined>)[id];
    if (!child) throw new Error(`no running actor "${id}" to answer ${event.type}`);
    return child;
  };
  const settlerOf = (id: string) => {
    const child = childOf(id);
    const inner = (child.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children
      ?.answer;
    const settler = settlers.get(child) ?? (inner && settlers.get(inner));
    if (!settler) throw new Error(`actor "${id}" is not a controllable test actor`);
    return settler;
  };
  const match = /^xstate\.(done\.actor|error\.actor|snapshot)\.(.+)$/.exec(event.type);
  if (match?.[1] === 'done.actor') {
    settlerOf(match[2] as string).resolve((event as { output?: unknown }).output);
  } else if (match?.[1] === 'error.actor') {
    settlerOf(match[2] as string).reject((event as { error?: unknown }).error);
  } else if (match?.[1] === 'snapshot') {
    const id = match[2] as string;
    const driven = plan.driven.get(plan.inventory.invokeSources.get(id) ?? '');
    // A controllable child reports the fixture's snapshot to its parent as a real one would.
    if (!driven) actor.send(event);
    else driven.drive(childOf(id), (event as { snapshot?: unknown }).snapshot as SnapshotFrom<AnyActorLogic>);
  } else if (plan.inventory.delays.has(event.type)) {
    vi.advanceTimersByTime(delayOf(plan, event.type, snapshot));
  } else {
    actor.send(event);
    return;
  }
  await flushMicrotasks();
}

/** Replays the path on a real actor, checking the state after every step; records coverage. */
export async function runPath(plan: ModelPlan, path: ModelPath, recorder: CoverageRecorder): Promise<void> {
  vi.setSystemTime(MODEL_NOW);
  const actor = createActor(plan.machine, {
    id: ROOT_ACTOR_ID,
    input: path.input,
    inspect: recorder.inspect,
  });
  const check = (index: number) => {
    const step = path.steps[index] as ModelStep;
    const actual = actor.getSnapshot() as AnyMachineSnapshot;
    const expectedKey = path.key(step.state);
    const actualKey = actual.status === 'error' ? `error: ${String(actual.error)}` : path.key(actual);
    if (actual.status !== 'error' && actual.matches(step.state.value) && actualKey === expectedKey) return;
    const route = path.steps
      .map(
        (s, i) =>
          `${i === index ? '>>' : '  '} ${i}. ${describeEvent(s.event, plan.inventory)} ⇒ ${JSON.stringify(s.state.value)}`,
      )
      .join('\n');
    throw new Error(
      `${plan.name}: after step ${index} (${describeEvent(step.event, plan.inventory)}) the actor is not where the model says.\n` +
        `  expected: ${expectedKey}\n  actual:   ${actualKey}\n  path [${path.inputLabel}]:\n${route}`,
    );
  };
  actor.start();
  try {
    await flushMicrotasks();
    recorder.atRest(actor.getSnapshot() as AnyMachineSnapshot);
    check(0);
    for (let index = 1; index < path.steps.length; index += 1) {
      recorder.atRest(actor.getSnapshot() as AnyMachineSnapshot);
      await stimulate(plan, actor, (path.steps[index] as ModelStep).event);
      recorder.atRest(actor.getSnapshot() as AnyMachineSnapshot);
      check(index);
    }
    recorder.pathsRun[path.kind] += 1;
  } finally {
    actor.stop();
    vi.clearAllTimers();
  }
}

/* ------------------------------------------------------------------------------------------
 * The report
 * ---------------------------------------------------------------------------------------- */

const SECTION_START = '<!-- machine-models:start -->';
const SECTION_END = '<!-- machine-models:end -->';

const percent = ({ covered, total }: CoverageFigures) =>
  `${covered}/${total} (${total === 0 ? 100 : Math.floor((covered * 1000) / total) / 10} %)`;

export function coverageMarkdown(results: MachineCoverage[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${percent(r.states)} | ${percent(r.transitions)} | ${percent(r.guards)} | ` +
      `${r.paths.shortest + r.paths.simple} (${r.paths.shortest} shortest + ${r.paths.simple} simple) |`,
  );
  const exemptions = results.flatMap((r) =>
    Object.entries(r.guards.exempt).map(([name, reason]) => `- ${name} (false): ${reason}`),
  );
  return [
    SECTION_START,
    '## Machine models',
    '',
    'Generated by `npx vitest run tests/machines/model` (xstate/graph paths replayed on real actors with',
    'controllable test actors); do not edit by hand. States are all state nodes, nested and parallel',
    'regions included; transitions are every `on` candidate, `always`, `after` and invoke',
    '`onDone`/`onError`/`onSnapshot` of the definition; guard branches are both sides of every guard.',
    '',
    '| Machine | States | Transitions | Guard branches | Paths run |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    ...(exemptions.length
      ? ['', 'Guard branches no input can reach (not counted, checked to stay unreached):', '', ...exemptions]
      : []),
    SECTION_END,
  ].join('\n');
}

/** Writes (or replaces) the "## Machine models" section, keeping everything else in the file. */
export async function writeCoverageSection(file: string, markdown: string): Promise<void> {
  let current = '';
  try {
    current = await readFile(file, 'utf8');
  } catch {
    current = '# Coverage\n\nWhat the generated tests exercise, written by the test runs.\n';
  }
  const start = current.indexOf(SECTION_START);
  const end = current.indexOf(SECTION_END);
  const next =
    start !== -1 && end > start
      ? `${current.slice(0, start)}${markdown}${current.slice(end + SECTION_END.length)}`
      : `${current.trimEnd()}\n\n${markdown}\n`;
  await mkdir(dirname(file), { recursive: true });
  if (next !== current) await writeFile(file, next);
}
