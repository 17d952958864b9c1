import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { inject, type ExpectStatic } from 'vitest';
import { launchBrowser, watchConsole } from '../e2e/browser.ts';
import { JourneyCoverage, writeCoverageSection } from './journey.coverage.ts';
import { loadJourneyData, registerCustomer, type JourneyData } from './journey.data.ts';
import {
  generateJourneys,
  initialState,
  modelStates,
  modelTransitions,
  transitionKey,
  walkedBy,
  type Journey,
} from './journey.paths.ts';
import { eventActions } from './journey.events.ts';
import type { JourneyContext } from './journey.page.ts';
import { stateAssertions } from './journey.states.ts';

const baseUrl = inject('baseUrl');
const staff = inject('staff');
const dataDir = inject('dataDir');
const { journeys, stats } = generateJourneys();
const coverage = new JourneyCoverage();
const startedAt = Date.now();
/** How long any one wait for the screen may take before the step fails. */
const STEP_TIMEOUT_MS = 10_000;
/**
 * How long a whole journey may take: a minute, and more for a long one (a family's booking has
 * twelve steps, two of them payments), so a busy machine slows a journey down without failing it.
 */
const journeyTimeout = (journey: Journey) => Math.max(60_000, journey.steps.length * 8_000);

let browser: Browser;
let data: JourneyData;

beforeAll(async () => {
  browser = await launchBrowser();
  data = await loadJourneyData(baseUrl);
});
afterAll(async () => {
  await browser?.close();
});

/** Walks one journey in a fresh browser context (fresh storage, a new customer, its own clock). */
async function walk(journey: Journey, index: number, expect: ExpectStatic) {
  const [context, customer] = await Promise.all([
    browser.newContext({ viewport: { width: 1280, height: 900 } }),
    registerCustomer(baseUrl),
  ]);
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  // Time flows as usual; the clock only jumps over the simulated payment and past a puja's date.
  await context.clock.install();
  const page = await context.newPage();
  const errors = watchConsole(page);
  const ctx: JourneyContext = {
    baseUrl,
    data,
    customer,
    expect,
    dialogs: [],
    couponApplied: false,
    staff,
    dataDir,
  };
  page.on('dialog', (dialog) => {
    ctx.dialogs.push(dialog.message());
    void dialog.accept();
  });

  const started = Date.now();
  let at = `open the shop → ${initialState}`;
  try {
    await page.goto(`${baseUrl}/#/`);
    await stateAssertions[initialState](page, ctx);
    coverage.visited(initialState);
    let source = initialState;
    for (const step of journey.steps) {
      at = `${step.event} → ${step.state}`;
      await eventActions[step.event](page, ctx);
      await stateAssertions[step.state](page, ctx);
      coverage.took(source, step.event, step.state);
      source = step.state;
    }
    // Failed requests are expected (a refused coupon, an aborted order); uncaught errors are not.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    coverage.finished({ number: index + 1, journey, passed: true, ms: Date.now() - started });
  } catch (error) {
    coverage.finished({ number: index + 1, journey, passed: false, ms: Date.now() - started, failedAt: at });
    const shot = path.join(os.tmpdir(), `journey-${index + 1}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Journey ${index + 1} failed at "${at}" (screenshot: ${shot}):\n${message}`, {
      cause: error,
    });
  } finally {
    await context.close();
  }
}

describe('shopper journeys generated from the journey model, in Chromium', () => {
  it(`plans ${journeys.length} journeys that cover every state and transition of the model`, () => {
    const planned = walkedBy(journeys);
    expect(journeys.length).toBeGreaterThanOrEqual(20);
    expect(modelStates().filter((s) => !planned.states.has(s))).toEqual([]);
    expect(
      modelTransitions()
        .map(transitionKey)
        .filter((t) => !planned.transitions.has(t)),
    ).toEqual([]);
  });

  // A few at a time (vitest.journeys.config.ts: maxConcurrency): most of a step is waiting for the page.
  describe.concurrent('journeys', () => {
    journeys.forEach((journey, index) => {
      it(
        `journey ${index + 1}: ${journey.name}`,
        ({ expect }) => walk(journey, index, expect),
        journeyTimeout(journey),
      );
    });
  });

  it('walked every state and every transition of the model in the browser', () => {
    const report = coverage.report(stats);
    writeCoverageSection(report);
    console.log(`\n${report}\n${coverage.summary(Date.now() - startedAt)}\n`);
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });
});
