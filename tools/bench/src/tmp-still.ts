import { Dubber } from '@voxlate/dubber';
const dubber = new Dubber();
await dubber.dub({ input: '/root/sr/talking-720p.mp4', output: '/root/sr/plain.mp4', sourceLanguage: 'eng', targetLanguage: 'spa' }, {});
const t = performance.now();
const run = await dubber.dub({ input: '/root/sr/talking-720p.mp4', output: '/root/sr/lipsynced.mp4', sourceLanguage: 'eng', targetLanguage: 'spa', choices: { lipSync: true } }, {});
console.log('dub', ((performance.now() - t) / 1000).toFixed(1), JSON.stringify(run.stageSeconds));
await dubber.close();
