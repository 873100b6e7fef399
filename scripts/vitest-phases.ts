/**
 * A Vitest reporter that says where the time went: one line per project with its files, tests, and seconds from
 * its first file's start to its last file's end (projects overlap when they share the workers), the slowest
 * files with their seconds (so that a file growing slower is seen in the run where it happens), then one
 * closing line `tests: N passed, N failed, N skipped`. With TEST_COUNTS_FILE set, the counts are also appended
 * to that file as one JSON line, so a script running several passes (.ci/run) can add them up.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectPhase {
  firstStart: number;
  lastEnd: number;
  files: number;
}

/** How many of the slowest files each run names. */
const slowestShown = 15;

export default class PhaseReporter implements Reporter {
  private readonly phases = new Map<string, ProjectPhase>();
  private readonly fileStarts = new Map<string, number>();
  private readonly fileSeconds: { name: string; seconds: number }[] = [];

  onTestModuleStart(testModule: TestModule) {
    this.fileStarts.set(testModule.moduleId, Date.now());
    const name = testModule.project.name || 'root';
    const phase = this.phases.get(name);
    if (phase) phase.firstStart = Math.min(phase.firstStart, Date.now());
    else this.phases.set(name, { firstStart: Date.now(), lastEnd: Date.now(), files: 0 });
  }

  onTestModuleEnd(testModule: TestModule) {
    const started = this.fileStarts.get(testModule.moduleId);
    if (started !== undefined) {
      const file = path.relative(process.cwd(), testModule.moduleId);
      this.fileSeconds.push({
        name: `${testModule.project.name || 'root'} ${file}`,
        seconds: (Date.now() - started) / 1000,
      });
    }
    const phase = this.phases.get(testModule.project.name || 'root');
    if (!phase) return;
    phase.lastEnd = Math.max(phase.lastEnd, Date.now());
    phase.files += 1;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const testsPerProject = new Map<string, number>();
    for (const testModule of testModules) {
      const name = testModule.project.name || 'root';
      for (const test of testModule.children.allTests()) {
        testsPerProject.set(name, (testsPerProject.get(name) ?? 0) + 1);
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that failed before any test ran (a syntax error, a failing hook) counts as one failure.
      if (testModule.state() === 'failed' && testModule.children.size === 0) counts.failed += 1;
    }
    const lines = [...this.phases].map(
      ([name, phase]) =>
        `phase: vitest project ${name}: ${phase.files} files, ${testsPerProject.get(name) ?? 0} tests, ` +
        `${Math.round((phase.lastEnd - phase.firstStart) / 1000)} s`,
    );
    const slowest = [...this.fileSeconds].sort((a, b) => b.seconds - a.seconds).slice(0, slowestShown);
    if (slowest.length > 0) {
      lines.push(`slowest ${slowest.length} files (seconds from start to end, both workers busy):`);
      for (const file of slowest) lines.push(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`);
    }
    lines.push(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    process.stdout.write(`\n${lines.join('\n')}\n`);
    const countsFile = process.env.TEST_COUNTS_FILE;
    if (countsFile)
      appendFileSync(countsFile, `${JSON.stringify({ files: testModules.length, ...counts })}\n`);
  }
}
