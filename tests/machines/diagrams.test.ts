import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromPromise, not, setup, stateIn } from 'xstate';
import {
  DIAGRAMS_COMMAND,
  DIAGRAMS_DIR,
  GENERATED_MARKER,
  diagramFileName,
  findMachineFiles,
  isGeneratedPage,
  inPlaceTransitions,
  loadMachines,
  toIndex,
  toMarkdown,
  toMermaid,
} from '../../scripts/mermaid.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const modules = await loadMachines(repoRoot);

function committed(file: string): string | undefined {
  const full = path.join(repoRoot, DIAGRAMS_DIR, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

describe('committed diagrams', () => {
  it('finds a machine in every machines/*/*.machine.ts', () => {
    const sources = new Set(modules.map((module) => module.source));
    expect(findMachineFiles(repoRoot).filter((file) => !sources.has(file))).toEqual([]);
    expect(modules.map((module) => module.machine.id)).toEqual(
      expect.arrayContaining(['session', 'cart', 'checkout', 'bookingWindow', 'resource', 'addressBook']),
    );
  });

  it.each(modules.map((module) => [module.machine.id, module] as const))(
    '%s: docs/machines matches the machine',
    (_id, module) => {
      const file = `${DIAGRAMS_DIR}/${diagramFileName(module.machine.id)}`;
      expect(
        committed(diagramFileName(module.machine.id)),
        `${file} does not match ${module.source}: run \`${DIAGRAMS_COMMAND}\` and commit the result`,
      ).toBe(toMarkdown(module));
    },
  );

  it('the index lists every machine', () => {
    expect(
      committed('README.md'),
      `${DIAGRAMS_DIR}/README.md is out of date: run \`${DIAGRAMS_COMMAND}\` and commit the result`,
    ).toBe(toIndex(modules));
  });

  it('no generated diagram is left for a machine that is gone', () => {
    const expected = new Set(['README.md', ...modules.map((module) => diagramFileName(module.machine.id))]);
    const stale = readdirSync(path.join(repoRoot, DIAGRAMS_DIR)).filter(
      (file) => file.endsWith('.md') && !expected.has(file) && isGeneratedPage(committed(file) ?? ''),
    );
    expect(stale, `stale diagrams: run \`${DIAGRAMS_COMMAND}\` and commit the result`).toEqual([]);
  });
});

describe('toMermaid', () => {
  const tiny = setup({
    types: { events: {} as { type: 'go' } | { type: 'note' } | { type: 'reset' } },
    actors: { fetchThing: fromPromise(() => Promise.resolve(1)) },
    guards: { isReady: () => true, isBusy: () => false },
    actions: { remember: () => {} },
    delays: { shortly: 500 },
  }).createMachine({
    id: 'tiny',
    initial: 'idle',
    on: { reset: '.idle' },
    states: {
      idle: {
        on: {
          go: [
            { guard: 'isReady', target: 'working' },
            { target: 'idle', reenter: true },
          ],
          note: { actions: 'remember' },
        },
      },
      working: {
        type: 'parallel',
        onDone: 'done',
        states: {
          fetch: {
            initial: 'loading',
            states: {
              loading: {
                invoke: { src: 'fetchThing', onDone: 'loaded', onError: '#tiny.failed' },
                after: { 2000: 'slow' },
              },
              slow: { after: { shortly: { guard: not('isBusy'), target: 'loading' } } },
              loaded: { type: 'final' },
            },
          },
          watch: {
            initial: 'watching',
            states: {
              watching: { always: { guard: stateIn({ working: { fetch: 'loaded' } }), target: 'seen' } },
              seen: {},
            },
          },
        },
      },
      failed: {},
      done: { type: 'final' },
    },
  });

  it('draws nesting, regions, initial and final states, and every kind of transition', () => {
    expect(toMermaid(tiny)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> tiny',
        '  state "tiny" as tiny {',
        '    state "idle" as idle',
        '    state "working" as working {',
        '      state "fetch" as working_fetch {',
        '        state "loading" as working_fetch_loading',
        '        state "slow" as working_fetch_slow',
        '        state "loaded" as working_fetch_loaded',
        '        [*] --> working_fetch_loading',
        '        working_fetch_loading --> working_fetch_loaded : done · fetchThing',
        '        working_fetch_loading --> working_fetch_slow : after 2000ms',
        '        working_fetch_slow --> working_fetch_loading : after shortly [not isBusy]',
        '        working_fetch_loaded --> [*]',
        '      }',
        '      --',
        '      state "watch" as working_watch {',
        '        state "watching" as working_watch_watching',
        '        state "seen" as working_watch_seen',
        '        [*] --> working_watch_watching',
        '        working_watch_watching --> working_watch_seen : always [in working.fetch.loaded]',
        '      }',
        '    }',
        '    state "failed" as failed',
        '    state "done" as done',
        '    [*] --> idle',
        '    idle --> working : go [isReady]',
        '    idle --> idle : go [else] (reenter)',
        '    working --> done : done',
        '    done --> [*]',
        '  }',
        // Edges that are not between siblings are written at the top level.
        '  tiny --> idle : reset',
        '  working_fetch_loading --> failed : error · fetchThing',
        '',
      ].join('\n'),
    );
  });

  it('lists transitions without a target instead of drawing them', () => {
    expect(inPlaceTransitions(tiny)).toEqual([
      { state: 'idle', event: 'note', guard: '', actions: 'remember' },
    ]);
  });

  it('keeps ids and labels within what Mermaid parses', () => {
    const awkward = setup({ types: { events: {} as { type: 'odd:event;x' } } }).createMachine({
      id: 'awkward',
      initial: 'defaultView',
      states: {
        defaultView: { on: { 'odd:event;x': 'end' } },
        end: { type: 'final' },
      },
    });
    const diagram = toMermaid(awkward);
    expect(diagram).toContain('state "defaultView" as s_defaultView');
    expect(diagram).toContain('s_defaultView --> s_end : odd_event_x');
    expect(diagram).toContain('s_end --> [*]');
  });

  it('is deterministic', () => {
    expect(toMermaid(tiny)).toBe(toMermaid(tiny));
  });

  it('writes a page that says where it comes from', () => {
    const page = toMarkdown({
      machine: tiny,
      exportName: 'tinyMachine',
      source: 'machines/tiny/tiny.machine.ts',
    });
    expect(page).toMatch(/^# tiny\n\nGenerated from `machines\/tiny\/tiny.machine.ts`/);
    expect(isGeneratedPage(page)).toBe(true);
    expect(isGeneratedPage(`# Coverage\n\nWritten by the model tests; see ${GENERATED_MARKER}.\n`)).toBe(
      false,
    );
    expect(page).toContain('```mermaid\nstateDiagram-v2\n');
    expect(page).toContain('| `idle` | `note` |  | `remember` |');
  });
});
