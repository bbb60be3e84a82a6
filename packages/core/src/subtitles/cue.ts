// One subtitle cue and its timestamps: in the contract, shared with the studio.
export { formatTimestamp, type Cue } from '@voxlate/contract';
