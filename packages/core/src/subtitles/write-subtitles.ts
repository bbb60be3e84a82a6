// SRT and WebVTT writers: in the contract, shared with the studio (live sessions' subtitles).
export { toSrt, toWebVtt } from '@voxlate/contract';
