// A node:test reporter that writes {"passed":N,"failed":N,"skipped":N} (tests, not suites).
export default async function* summary(source) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    const isSuite = event.data?.details?.type === 'suite';
    if (isSuite) continue;
    if (event.type === 'test:pass') {
      if (event.data.skip || event.data.todo) totals.skipped++;
      else totals.passed++;
    }
    if (event.type === 'test:fail') totals.failed++;
  }
  yield JSON.stringify(totals);
}
