import { ApertiumServer } from '/work/main/packages/engines/src/mt/apertium/apertium-server.ts';
const s = new ApertiumServer(undefined, Infinity, Infinity);
console.log(await s.baseUrl());
await new Promise(r => setTimeout(r, 1e9));
