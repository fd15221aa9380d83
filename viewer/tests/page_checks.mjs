// The page tests' harness (viewer_test.mjs, figure_test.mjs): checks that print PASS, FAIL or
// SKIP, the command line run for its output, and the page in Debian's headless Chromium
// (SwiftShader) with its script errors kept. A test's exit code is the number of failures.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';

let failed = 0;

export function check(condition, what) {
  if (!condition) throw new Error(what);
}

// A speed figure: printed as a MEASURE line with its target for docs/PERFORMANCE.md, never a
// failure (speed is the benchmarks' to judge; a shared CI machine's load is not the page's).
export function measure(name, value, target) {
  console.log(`MEASURE ${name} ${value} target ${target.text} ${target.met(value) ? 'met' : 'MISSED'}`);
}

export async function test(name, body) {
  try {
    await body();
    console.log(`PASS ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${name}: ${error.stack || error}`);
  }
}

// A test on files that may be absent (a user's clone has no corpus): skipped, saying `why`, when
// `present` is false (the run_*.sh scripts fail instead under ANMKIT_REQUIRE_EXTERNALS).
export const testWhen = (present, why) => async (name, body) => {
  if (!present) {
    console.log(`SKIP ${name}: ${why}`);
    return;
  }
  await test(name, body);
};

// `cli ARGS...` run to the end: { code, out, err }.
export const runner = (cli) => (...args) => {
  try {
    return { code: 0, out: execFileSync(cli, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 }), err: '' };
  } catch (e) {
    return { code: e.status, out: e.stdout, err: e.stderr };
  }
};

// Chromium and a page of `viewport`, whose script errors collect in `pageErrors`.
export async function launchPage(viewport) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
  const pageErrors = [];
  const page = await newPage(browser, viewport, pageErrors);
  return { browser, page, pageErrors };
}

// Another page of `viewport` in `browser`, its script errors added to `pageErrors`. A step may wait
// two minutes: CI runs the pages beside three Blenders on two cores, and a slow step there is the
// machine's load, not the page's fault (speed is measured, never failed, here).
export async function newPage(browser, viewport, pageErrors) {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(120_000);
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  return page;
}

// Closes the browser and ends the process with the number of failures.
export async function finish(browser) {
  await browser.close();
  console.log(`${failed} failed`);
  process.exit(failed);
}
