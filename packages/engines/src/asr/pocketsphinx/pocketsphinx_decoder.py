"""Decoding with CMU PocketSphinx (Debian's python3-pocketsphinx) with the model kept loaded, one line at a time.

Two decoders: one hears the line as it arrives, for partial text; when the line ends, the other
decodes it again whole, normalising the cepstra over the whole line as the batch decoder does
(on the LibriVox test lines: 22.5 % word errors against 32 % for the streaming pass alone, for
about 0.09 s per second of line). With --whole-only first among the arguments, only the second
one is loaded: the batch recogniser's warm decoder, which has no use for partials.

Reads framed commands on stdin: one byte of kind, four bytes of little-endian length, the payload.
  S  start a line
  A  audio of the open line: 16 kHz mono signed 16-bit little-endian PCM
  E  end the line
Writes one JSON object per line on stdout:
  {"ready": true}                    once the model is loaded
  {"partial": "text"}                the open line's hypothesis whenever it changes
  {"words": [[word, start, end, confidence, acoustic, language], ...]}   a line's final words
                                     (seconds from its start; the posterior, the acoustic score
                                     per 10 ms frame and the language model score)
  {"error": "message"}               a command it could not carry out
The model and search settings come as arguments: model folder, then name/value pairs.
"""

import json
import struct
import sys

from pocketsphinx import Decoder

# How much new audio (in bytes of 16 kHz s16le) is decoded before the hypothesis is looked at again.
PARTIAL_EVERY_BYTES = 16000 * 2 * 3 // 10
# Fillers and markers the decoder puts between words: not speech to translate.
NOT_WORDS = ("<s>", "</s>", "<sil>", "[NOISE]", "[SPEECH]")


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def decoder(model, settings):
    config = Decoder.default_config()
    config.set_string("-hmm", model + "/en-us")
    config.set_string("-lm", model + "/en-us.lm.bin")
    config.set_string("-dict", model + "/cmudict-en-us.dict")
    config.set_string("-logfn", "/dev/null")
    for name, value in zip(settings[::2], settings[1::2]):
        if value in ("yes", "no"):
            config.set_boolean(name, value == "yes")
        else:
            config.set_int(name, int(value))
    return Decoder(config)


def words_of(d, fed_bytes):
    """The line's words, in seconds from the start of its audio.

    Segment frames count on from earlier lines, and a line after the first loses its first few
    frames to the front end: both are taken out, so that times start at the line's first sample."""
    logmath = d.get_logmath()
    segments = list(d.seg())
    if not segments:
        return []
    first = min(seg.start_frame for seg in segments)
    dropped = max(0, fed_bytes // 320 - d.n_frames())
    words = []
    for seg in segments:
        word = seg.word.split("(")[0]
        if word in NOT_WORDS or word.startswith("++") or word.startswith("<"):
            continue
        confidence = min(1.0, max(0.0, logmath.exp(seg.prob)))
        start = (seg.start_frame - first + dropped) / 100
        end = (seg.end_frame + 1 - first + dropped) / 100
        frames = max(1, seg.end_frame + 1 - seg.start_frame)
        words.append([word, start, end, round(confidence, 3), seg.ascore / frames, seg.lscore])
    return words


def read_exactly(stream, size):
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def main():
    args = sys.argv[1:]
    streaming = args[:1] != ["--whole-only"]
    if not streaming:
        args = args[1:]
    d = decoder(args[0], args[1:]) if streaming else None
    whole = decoder(args[0], args[1:])
    send({"ready": True})
    stdin = sys.stdin.buffer
    open_line = False
    since_partial = 0
    fed_bytes = 0
    line_audio = []
    last_partial = ""
    while True:
        header = read_exactly(stdin, 5)
        if header is None:
            return
        kind, size = header[:1], struct.unpack("<I", header[1:])[0]
        payload = read_exactly(stdin, size) if size else b""
        if payload is None:
            return
        if kind == b"S":
            if streaming:
                if open_line:
                    d.end_utt()
                d.start_utt()
            open_line, since_partial, fed_bytes, last_partial = True, 0, 0, ""
            line_audio = []
        elif kind == b"A":
            if not open_line:
                send({"error": "Audio came with no line open."})
                continue
            fed_bytes += len(payload)
            line_audio.append(payload)
            if not streaming:
                continue
            d.process_raw(payload, False, False)
            since_partial += len(payload)
            if since_partial >= PARTIAL_EVERY_BYTES:
                since_partial = 0
                hyp = d.hyp()
                text = hyp.hypstr if hyp else ""
                if text != last_partial:
                    last_partial = text
                    send({"partial": text})
        elif kind == b"E":
            if not open_line:
                send({"error": "No line is open."})
                continue
            if streaming:
                d.end_utt()
            open_line = False
            # A new stream resets the noise statistics and normalisation the last line left, so a
            # line decodes the same whatever was decoded before it (as a fresh decoder would).
            whole.start_stream()
            whole.start_utt()
            whole.process_raw(b"".join(line_audio), False, True)
            whole.end_utt()
            line_audio = []
            send({"words": words_of(whole, fed_bytes)})
        else:
            send({"error": "Unknown command."})


if __name__ == "__main__":
    main()
