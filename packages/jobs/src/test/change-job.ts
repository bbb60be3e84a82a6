import { DiskJobStore } from '../disk-job-store.js';

/**
 * A child for the lock tests (argv: store root, job id, mode, tag, count). `append` adds `count`
 * warnings named `<tag><i>` to the job, each a read-modify-write of its record; `hold` takes the
 * job's lock, says "held" and keeps it until the process is killed.
 */
const [root, id, mode, tag = 'x', count = '0'] = process.argv.slice(2) as [string, string, string, string?, string?];
const store = new DiskJobStore(root);
if (mode === 'hold') {
  await store.exclusive(id, async () => {
    process.stdout.write('held\n');
    // Kept alive (the lock's own timer does not hold the process) until killed.
    setInterval(() => undefined, 60_000);
    await new Promise(() => undefined);
  });
} else {
  await Promise.all(
    Array.from({ length: Number(count) }, (_, i) =>
      store.change(id, (record) => ({ warnings: [...record.warnings, `${tag}${i}`] })),
    ),
  );
  process.stdout.write('done\n');
}
