import { afterAll, describe, expect, it, vi } from 'vitest';
import { fileURLToPath } from 'node:url';
import {
  assertFullCoverage,
  coverageMarkdown,
  CoverageRecorder,
  inventoryText,
  MODEL_FAKE_TIMERS,
  planModel,
  runPath,
  writeCoverageSection,
  type MachineCoverage,
  type ModelPath,
} from './coverage.ts';
import { machineModels } from './registry.ts';

/**
 * Model-based tests of every statechart (issue 6): paths generated with xstate/graph, replayed on
 * real actors with controllable test actors, and 100 % state, transition and guard-branch coverage.
 */
const REPORT = fileURLToPath(new URL('../../../docs/machines/coverage.md', import.meta.url));

// Paths are generated at collection time; the clock must already be the runs' fixed one.
vi.useFakeTimers(MODEL_FAKE_TIMERS);

const results = new Map<string, MachineCoverage>();

for (const model of machineModels) {
  describe(`${model.name} model`, () => {
    const plan = planModel(model);
    const recorder = new CoverageRecorder(plan);

    it('has the states and transitions of its pinned inventory', async () => {
      await expect(
        inventoryText(plan),
        'A state or transition was added or removed: check that the fixtures reach it, then update the pin ' +
          'with `npx vitest run tests/machines/model -u`.',
      ).toMatchFileSnapshot(`./inventory/${model.name}.txt`);
    });

    // One test per input and kind of path (thousands of one-path tests would mostly be runner
    // overhead); a failure lists the failing paths, each with its steps and where it went wrong.
    const groups = new Map<string, ModelPath[]>();
    for (const path of plan.paths) {
      const group = `${path.kind} paths [${path.inputLabel}]`;
      groups.set(group, [...(groups.get(group) ?? []), path]);
    }
    for (const [group, paths] of groups) {
      it(`${group}: ${paths.length} replayed on a real actor`, async () => {
        const failures: string[] = [];
        for (const path of paths) {
          try {
            await runPath(plan, path, recorder);
          } catch (error) {
            failures.push(`${path.name}\n${error instanceof Error ? error.message : String(error)}`);
          }
        }
        if (failures.length) {
          const shown = failures.slice(0, 3).join('\n\n');
          const more = failures.length > 3 ? `\n\n...and ${failures.length - 3} more failing paths` : '';
          throw new Error(`${failures.length} of ${paths.length} ${group} failed:\n\n${shown}${more}`);
        }
      });
    }

    it('covers every state, transition and guard branch', () => {
      const coverage = recorder.report();
      results.set(model.name, coverage);
      assertFullCoverage(coverage);
    });
  });
}

afterAll(async () => {
  vi.useRealTimers();
  const ran = machineModels.map((model) => results.get(model.name)).filter((r) => r !== undefined);
  if (ran.length === 0) return;
  const markdown = coverageMarkdown(ran);
  console.log(`\n${markdown}\n`);
  // A filtered run (-t) would write a partial table: only the full run updates the file.
  if (ran.length === machineModels.length) await writeCoverageSection(REPORT, markdown);
});
