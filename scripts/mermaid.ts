import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * Mermaid `stateDiagram-v2` diagrams generated from XState machine definitions, so the pictures in
 * docs/machines/ cannot drift from the charts. `npm run machines:diagrams` writes them and
 * tests/machines/diagrams.test.ts fails when a committed one no longer matches its machine.
 *
 * Mermaid constraints this works around (its state-diagram grammar):
 * - state ids are global, so every state gets an id from its path (`ready_form_adding_filling`)
 *   and is declared as `state "filling" as ready_form_adding_filling`; ids that would lex as a
 *   keyword (`default...`, `note ...`) get an `s_` prefix;
 * - an edge label ends at `:` or `;` and `%%`, `#`, braces and quotes confuse the lexer, so labels
 *   never contain them (`done · pay` rather than `done: pay`);
 * - an edge written inside a composite block re-parents its endpoints in some Mermaid versions,
 *   so only edges between siblings go inside their parent's block; every other edge (to or from
 *   a composite, across levels, between regions) is written at the top level.
 */

/** A machine exported from a `machines/<name>/<name>.machine.ts` file. */
export interface MachineModule {
  machine: AnyStateMachine;
  /** The export's name, e.g. `bookingWindowMachine`. */
  exportName: string;
  /** Repository-relative path with forward slashes, e.g. `machines/cart/cart.machine.ts`. */
  source: string;
}

/** A transition that changes no state (actions only): listed below the diagram, not drawn. */
interface InPlaceTransition {
  state: string;
  event: string;
  guard: string;
  actions: string;
}

export const DIAGRAMS_DIR = 'docs/machines';
export const DIAGRAMS_COMMAND = 'npm run machines:diagrams';

/** The marker every generated file carries: the script deletes only files that have it. */
export const GENERATED_MARKER = `by \`${DIAGRAMS_COMMAND}\``;

/** A file this generator wrote: its provenance line (within the first lines) carries the marker. */
export function isGeneratedPage(text: string): boolean {
  return text
    .split('\n', 4)
    .some((line) => line.startsWith('Generated from') && line.includes(GENERATED_MARKER));
}

export function isStateMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'definition' in value &&
    typeof (value as { provide?: unknown }).provide === 'function'
  );
}

/** `bookingWindow` -> `booking-window`: the diagram's file name (kebab-case, like the folders). */
export function diagramFileName(machineId: string): string {
  const kebab = machineId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${kebab || 'machine'}.md`;
}

// ---------------------------------------------------------------------------------------------
// Labels

const UNSAFE_LABEL = /[:;#%{}"<>`\\\r\n]+/g;

/** Text Mermaid accepts in an edge label or a state's quoted name. */
function safeText(text: string): string {
  return text.replace(UNSAFE_LABEL, '_').replace(/\s+/g, ' ').trim();
}

/** A markdown table cell. */
function cell(text: string): string {
  return text === '' ? '' : `\`${text.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
}

type GuardFunction = ((...args: never[]) => unknown) & {
  guards?: unknown[];
  stateValue?: unknown;
};

function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, child]) =>
        child === undefined || child === null ? key : `${key}.${stateValueText(child)}`,
      )
      .join(', ');
  }
  return String(value);
}

/**
 * A guard as the chart names it: `isCartEmpty`, `not hasPlacedOrder`,
 * `isDeletable and not isSaving`, `in window.open` (stateIn); an anonymous function is `inline`.
 */
export function guardLabel(guard: unknown, nested = false): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as GuardFunction;
    if (Array.isArray(fn.guards)) {
      const parts = fn.guards.map((inner) => guardLabel(inner, true));
      if (fn.name === 'not') return `not ${parts[0] ?? ''}`;
      const joined = parts.join(fn.name === 'or' ? ' or ' : ' and ');
      return nested ? `(${joined})` : joined;
    }
    if ('stateValue' in fn) return `in ${stateValueText(fn.stateValue)}`;
    return 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) return guardLabel(guard.type, nested);
  return 'inline';
}

function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    return typeof type === 'string' ? type : 'inline';
  }
  if (typeof action === 'object' && action !== null && 'type' in action) {
    return typeof action.type === 'string' ? action.type : actionLabel(action.type);
  }
  return 'inline';
}

/** The actor an invoke runs, by name (`pay`), or its id when the logic is inline. */
function invokeSource(node: AnyStateNode, invokeId: string): string {
  const invoke = node.invoke.find((definition) => definition.id === invokeId);
  if (!invoke) return invokeId;
  return typeof invoke.src === 'string' && !invoke.src.startsWith('xstate.invoke.') ? invoke.src : invokeId;
}

/**
 * What triggers a transition: the event type, `always`, `after <delay>` (`after 1000ms` for a
 * number), `done · <actor>` / `error · <actor>` / `snapshot · <actor>` for an invoke, `done` for a
 * state's own onDone.
 */
export function eventLabel(node: AnyStateNode, transition: AnyTransitionDefinition): string {
  const type: string = String(transition.eventType);
  const delay = (transition as { delay?: unknown }).delay;
  if (type === '') return 'always';
  if (delay !== undefined || type.startsWith('xstate.after.')) {
    return typeof delay === 'number' ? `after ${delay}ms` : `after ${String(delay)}`;
  }
  for (const [prefix, word] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ] as const) {
    if (type.startsWith(prefix)) return `${word} · ${invokeSource(node, type.slice(prefix.length))}`;
  }
  if (type.startsWith('xstate.done.state.')) return 'done';
  return type;
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

// ---------------------------------------------------------------------------------------------
// Structure

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

function allNodes(root: AnyStateNode): AnyStateNode[] {
  return [root, ...childrenOf(root).flatMap(allNodes)];
}

const KEYWORD_START = /^(default|state|note|class|scale|style|click|direction|hide|acc|end|[0-9])/i;

/** One Mermaid id per state node, from its path; stable as long as the chart's keys are. */
function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const ids = new Map<AnyStateNode, string>();
  const taken = new Set<string>();
  for (const node of allNodes(machine.root)) {
    const raw = node.path.length === 0 ? machine.id : node.path.join('_');
    let base = raw.replace(/[^A-Za-z0-9_]+/g, '_') || 'state';
    if (KEYWORD_START.test(base)) base = `s_${base}`;
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}_${n}`;
    taken.add(id);
    ids.set(node, id);
  }
  return ids;
}

function displayName(node: AnyStateNode): string {
  if (node.type === 'history') return `${node.key} (${node.history === 'deep' ? 'deep ' : ''}history)`;
  return node.key;
}

/** Where an edge is written: in its endpoints' common parent block, or at the top level (null). */
function edgeHome(source: AnyStateNode, target: AnyStateNode): AnyStateNode | null {
  const parent = source.parent;
  if (parent && target.parent === parent && parent.type !== 'parallel') return parent;
  return null;
}

interface Drawing {
  edges: Map<AnyStateNode | null, string[]>;
  inPlace: InPlaceTransition[];
}

function collect(machine: AnyStateMachine, ids: Map<AnyStateNode, string>): Drawing {
  const edges = new Map<AnyStateNode | null, string[]>();
  const inPlace: InPlaceTransition[] = [];
  for (const node of allNodes(machine.root)) {
    const guarded = new Set<string>();
    for (const transition of transitionsOf(node)) {
      const event = eventLabel(node, transition);
      // An unguarded transition after guarded ones for the same event is their fallback.
      const guard = transition.guard ? guardLabel(transition.guard) : guarded.has(event) ? 'else' : '';
      if (transition.guard) guarded.add(event);
      const targets = transition.target ?? [];
      if (targets.length === 0) {
        inPlace.push({
          state: node.path.length === 0 ? `(${machine.id})` : node.path.join('.'),
          event,
          guard,
          actions: transition.actions.map(actionLabel).join(', '),
        });
        continue;
      }
      const label = safeText(
        `${event}${guard ? ` [${guard}]` : ''}${transition.reenter ? ' (reenter)' : ''}`,
      );
      for (const target of targets) {
        const home = edgeHome(node, target);
        const list = edges.get(home) ?? [];
        list.push(`${ids.get(node)} --> ${ids.get(target)} : ${label}`);
        edges.set(home, list);
      }
    }
  }
  return { edges, inPlace };
}

function renderNode(
  node: AnyStateNode,
  ids: Map<AnyStateNode, string>,
  drawing: Drawing,
  indent: string,
): string[] {
  const id = ids.get(node) ?? '';
  const head = `${indent}state "${safeText(displayName(node))}" as ${id}`;
  const children = childrenOf(node);
  if (children.length === 0) return [head];

  const inner = `${indent}  `;
  const body: string[] = [];
  if (node.type === 'parallel') {
    children.forEach((region, index) => {
      if (index > 0) body.push(`${inner}--`);
      body.push(...renderNode(region, ids, drawing, inner));
    });
  } else {
    for (const child of children) body.push(...renderNode(child, ids, drawing, inner));
    for (const initial of node.initial?.target ?? []) body.push(`${inner}[*] --> ${ids.get(initial)}`);
    body.push(...(drawing.edges.get(node) ?? []).map((edge) => `${inner}${edge}`));
    for (const child of children) {
      if (child.type === 'final') body.push(`${inner}${ids.get(child)} --> [*]`);
    }
  }
  return [`${head} {`, ...body, `${indent}}`];
}

/**
 * The machine as a Mermaid `stateDiagram-v2`: the root is the outer box, compound states nest
 * (`state X { ... }` with `[*] -->` their initial state), parallel regions are separated by `--`,
 * final states lead to `[*]`, and every transition with a target is an edge labelled
 * `event [guard]` (`[else]` for the unguarded fallback after guarded candidates). Transitions without a target (actions only) are not drawn; see
 * `inPlaceTransitions`. Pure and deterministic: the order is the chart's own.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine);
  const drawing = collect(machine, ids);
  const lines = [
    'stateDiagram-v2',
    `  [*] --> ${ids.get(machine.root)}`,
    ...renderNode(machine.root, ids, drawing, '  '),
    ...(drawing.edges.get(null) ?? []).map((edge) => `  ${edge}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The transitions that run actions without changing state, in chart order. */
export function inPlaceTransitions(machine: AnyStateMachine): InPlaceTransition[] {
  return collect(machine, mermaidIds(machine)).inPlace;
}

/** The committed file: heading, provenance, the diagram, then the transitions it does not draw. */
export function toMarkdown({ machine, exportName, source }: MachineModule): string {
  const rows = inPlaceTransitions(machine);
  const parts = [
    `# ${machine.id}`,
    '',
    `Generated from \`${source}\` (\`${exportName}\`) ${GENERATED_MARKER}: do not edit it by hand.`,
    '',
    '```mermaid',
    toMermaid(machine).trimEnd(),
    '```',
    '',
  ];
  if (rows.length > 0) {
    parts.push(
      '## Handled without leaving the state',
      '',
      'Transitions without a target run their actions and keep the state; the diagram does not draw them.',
      '',
      '| state | event | guard | actions |',
      '| --- | --- | --- | --- |',
      ...rows.map(
        (row) => `| ${cell(row.state)} | ${cell(row.event)} | ${cell(row.guard)} | ${cell(row.actions)} |`,
      ),
      '',
    );
  }
  return parts.join('\n');
}

/** docs/machines/README.md: one line per machine, linking its diagram. */
export function toIndex(modules: readonly MachineModule[]): string {
  return [
    '# Statecharts',
    '',
    `Generated from \`machines/*/*.machine.ts\` ${GENERATED_MARKER}: do not edit it by hand.`,
    'Each page is a Mermaid state diagram drawn from the machine definition.',
    '',
    '| machine | diagram | source |',
    '| --- | --- | --- |',
    ...modules.map(
      ({ machine, exportName, source }) =>
        `| \`${machine.id}\` | [${diagramFileName(machine.id)}](${diagramFileName(machine.id)}) | [\`${exportName}\`](../../${source}) |`,
    ),
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Discovery

/** Every `machines/<name>/<name>.machine.ts` (any `*.machine.ts` one folder down), sorted. */
export function findMachineFiles(repoRoot: string): string[] {
  const machinesDir = path.join(repoRoot, 'machines');
  return readdirSync(machinesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((folder) =>
      readdirSync(path.join(machinesDir, folder))
        .filter((file) => file.endsWith('.machine.ts'))
        .sort()
        .map((file) => `machines/${folder}/${file}`),
    );
}

/** Imports every machine file and takes each export that is an XState machine. */
export async function loadMachines(repoRoot: string): Promise<MachineModule[]> {
  const modules: MachineModule[] = [];
  const seen = new Map<string, string>();
  for (const source of findMachineFiles(repoRoot)) {
    const exports = (await import(pathToFileURL(path.join(repoRoot, source)).href)) as Record<
      string,
      unknown
    >;
    for (const exportName of Object.keys(exports).sort()) {
      const machine = exports[exportName];
      if (!isStateMachine(machine) || modules.some((known) => known.machine === machine)) continue;
      const where = `${source} (${exportName})`;
      const clash = seen.get(diagramFileName(machine.id));
      if (clash) throw new Error(`Machines ${clash} and ${where} both have the id "${machine.id}"`);
      seen.set(diagramFileName(machine.id), where);
      modules.push({ machine, exportName, source });
    }
  }
  return modules;
}
